import { stringify } from "yaml";
import type { EditorField } from "./fields";

/**
 * How the content editor writes a file: keys in the order of its fields, empty optional values left
 * out, YAML in one style (plain where possible, single quotes otherwise, no line folding) and JSON
 * indented by two spaces. Content files are kept in exactly this form, so a save in the editor
 * changes only the lines whose values changed.
 */

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** `value` with its keys in field order (others after them, as found), empty optional values dropped. */
export function inFieldOrder(value: unknown, fields: EditorField[] | undefined): unknown {
  if (!fields || typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field.name in record)) continue;
    const item = record[field.name];
    if (field.required === false && isEmpty(item)) continue;
    ordered[field.name] = shaped(item, field);
  }
  for (const [key, item] of Object.entries(record))
    if (!(key in ordered) && !fields.some((f) => f.name === key)) ordered[key] = item;
  return ordered;
}

function shaped(value: unknown, field: EditorField): unknown {
  const subfields = field.fields as EditorField[] | undefined;
  if (field.widget === "list" && Array.isArray(value)) return value.map((item) => inFieldOrder(item, subfields));
  if (field.widget === "object") return inFieldOrder(value, subfields);
  return value;
}

export const yamlText = (data: unknown) =>
  stringify(data, {
    indent: 2,
    indentSeq: true,
    lineWidth: 0,
    defaultKeyType: "PLAIN",
    defaultStringType: "PLAIN",
    singleQuote: true,
  }).trim();

/** An MDX file: YAML front matter, then the body after a blank line. */
export function frontMatterFile(data: Record<string, unknown>, body: string): string {
  const text = body.trim();
  return `---\n${yamlText(data)}\n---\n${text ? `\n${text}\n` : ""}`;
}

export const jsonFile = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`;
