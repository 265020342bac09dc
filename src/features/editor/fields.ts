import { z } from "../../lib/zod";

/**
 * The content editor's fields are derived from the same zod schemas the build checks content with:
 * names, required fields, length and number limits, patterns, fixed values and descriptions (shown
 * as hints). A schema construct without an editor field stops the config's generation naming the
 * field, so a new field cannot reach the schemas without the editor knowing.
 */

/** The subset of JSON Schema that z.toJSONSchema emits for the content schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
  default?: unknown;
  /** Set with `.meta({ widget })` in a schema: the editor field type for a plain string. */
  widget?: string;
}

/** An editor field, as Sveltia CMS reads it from config.yml. */
export type EditorField = {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  i18n?: boolean | "duplicate";
  [option: string]: unknown;
};

export const toJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;

/**
 * Keys that match a translation to its English original (a finish, a menu entry, a gallery folder):
 * a translation repeats them, copied by the editor rather than typed again.
 */
const IDENTIFIERS = new Set(["audience", "folder", "href", "id", "kind", "slug", "template"]);

/** Multi-line prose fields get a text area; other strings a single-line input. */
const PROSE = new Set(["answer", "body", "care", "description", "intro", "lead", "source", "summary", "text"]);

/** "mountingDepthMm" → "Mounting depth mm", "4000" → "4000 Hz" for absorption bands. */
export function labelOf(name: string): string {
  const band = /^hz(\d+)$/.exec(name);
  if (band) return `${band[1]} Hz`;
  const words = name
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/-/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The hint: the schema's description, and the limits a plain input cannot show by itself. */
function hintOf(schema: JsonSchema): string | undefined {
  const limits: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined && schema.minLength > 1)
    limits.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) limits.push(`At most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined && schema.minLength > 1)
    limits.push(`At least ${schema.minLength} characters`);
  const text = [schema.description, ...limits].filter(Boolean).join(". ");
  return text || undefined;
}

/** The item schema of a list schema (a tuple's items are `false`). */
export const itemsOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.items === false ? undefined : schema?.items;

/** What the translation schema (or null: not translated) says about the same place. */
type Translation = JsonSchema | null;

function nullableInner(schema: JsonSchema): JsonSchema | undefined {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length !== 2) return undefined;
  const other = options.find((option) => option.type !== "null");
  return options.some((option) => option.type === "null") ? other : undefined;
}

/**
 * One field from its JSON Schema. `path` names it in errors; `translation` is the same field in the
 * translation schema (null when only the English file has it), which makes it translatable.
 */
export function fieldOf(
  name: string,
  schema: JsonSchema,
  required: boolean,
  translation: Translation,
  path: string,
): EditorField {
  const base: EditorField = { name, label: labelOf(name), widget: "string" };
  const hint = hintOf(schema);
  if (hint) base.hint = hint;
  if (!required) base.required = false;
  base.i18n = translation === null ? false : IDENTIFIERS.has(name) ? "duplicate" : true;

  if (schema.widget === "date") return { ...base, widget: "datetime", time_format: false, format: "YYYY-MM-DD" };
  if (schema.widget === "file") return { ...base, widget: "file", choose_url: false };
  // Products chosen by name from the products collection, stored by their slugs.
  if (schema.widget === "products") {
    const min = schema.minItems;
    return {
      ...base,
      widget: "relation",
      collection: "products",
      value_field: "{{slug}}",
      search_fields: ["name"],
      display_fields: ["name"],
      multiple: true,
      ...(min ? { min } : {}),
    };
  }
  const inner = nullableInner(schema);
  if (inner) {
    // Only an object may be absent (null) as a whole: the editor leaves it out when it is empty.
    return {
      ...fieldOf(name, inner, false, translation ? (nullableInner(translation) ?? translation) : null, path),
      ...(hint ? { hint } : {}),
    };
  }
  if (schema.const !== undefined) {
    return { ...base, widget: "hidden", default: schema.const, i18n: translation === null ? false : "duplicate" };
  }
  if (schema.enum) {
    return { ...base, widget: "select", options: schema.enum.map(String) };
  }
  switch (schema.type) {
    case "string": {
      if (schema.widget === "image") return { ...base, widget: "image", choose_url: false };
      if (schema.widget === "fixed") return { ...base, widget: "string", readonly: true };
      const field: EditorField = { ...base, widget: PROSE.has(name) ? "text" : "string" };
      if (schema.format === "email") field.type = "email";
      if (schema.minLength !== undefined && schema.minLength > 1) field.minlength = schema.minLength;
      if (schema.maxLength !== undefined) field.maxlength = schema.maxLength;
      if (schema.pattern) field.pattern = [schema.pattern, schema.description ?? `Must match ${schema.pattern}`];
      return field;
    }
    case "number":
    case "integer": {
      const field: EditorField = { ...base, widget: "number", value_type: schema.type === "integer" ? "int" : "float" };
      if (schema.minimum !== undefined && Math.abs(schema.minimum) < MAX_SAFE) field.min = schema.minimum;
      if (schema.maximum !== undefined && Math.abs(schema.maximum) < MAX_SAFE) field.max = schema.maximum;
      if (schema.type === "number") field.step = 0.01;
      return field;
    }
    case "boolean":
      return { ...base, widget: "boolean", ...(schema.default !== undefined ? { default: schema.default } : {}) };
    case "object": {
      if (!schema.properties && typeof schema.additionalProperties === "object") {
        return { ...base, widget: "keyvalue", key_label: "File", value_label: "Text" };
      }
      const numbered = Object.keys(schema.properties ?? {}).filter((key) => /^\d+$/.test(key));
      // The editor reads a number in a field path as a list index.
      if (numbered.length) throw new Error(`The content editor cannot hold ${path}.${numbered[0]}: a key of digits`);
      return { ...base, widget: "object", fields: fieldsOf(schema, translation, path) };
    }
    case "array": {
      const items = schema.prefixItems ? tupleItems(schema, path) : schema.items;
      if (!items) throw new Error(`The content editor has no field for ${path}: an array without items`);
      const field: EditorField = { ...base, widget: "list" };
      const count = schema.prefixItems?.length;
      const min = count ?? schema.minItems;
      const max = count ?? schema.maxItems;
      if (min !== undefined && min > 0) field.min = min;
      if (max !== undefined) field.max = max;
      if (count !== undefined) Object.assign(field, { allow_add: false, allow_remove: false });
      const itemTranslation = translation ? (translation.prefixItems?.[0] ?? (translation.items || null)) : null;
      if (items.type === "object" && items.properties) {
        field.fields = fieldsOf(items, itemTranslation, `${path}[]`);
        return field;
      }
      if (items.enum) {
        return { ...base, widget: "select", multiple: true, options: items.enum.map(String), ...(min ? { min } : {}) };
      }
      field.field = fieldOf(labelOf(name).toLowerCase(), items, true, itemTranslation, `${path}[]`);
      return field;
    }
  }
  throw new Error(`The content editor has no field for ${path} (${JSON.stringify(schema).slice(0, 120)})`);
}

/** A tuple's items must all be alike (cards, coefficients) to be a list. */
function tupleItems(schema: JsonSchema, path: string): JsonSchema {
  const [first, ...rest] = schema.prefixItems ?? [];
  if (!first) throw new Error(`The content editor has no field for ${path}: an array without items`);
  const shape = JSON.stringify({ ...first, const: undefined, properties: undefined });
  if (rest.some((item) => JSON.stringify({ ...item, const: undefined, properties: undefined }) !== shape))
    throw new Error(`The content editor has no field for ${path}: a tuple of different items`);
  if (!first.properties) return first;
  // Cards whose fixed values differ per place (the spatial solutions cards' audience): the value
  // stays in the file and the editor leaves it alone.
  const properties = Object.fromEntries(
    Object.entries(first.properties).map(([key, value]) => [
      key,
      value.const !== undefined ? { type: "string", widget: "fixed" } : value,
    ]),
  );
  return { ...first, properties };
}

/** Leading fields of an entry: what kind of entry it is, then its name; the rest in schema order. */
const LEADING = ["kind", "template", "name"];
const rank = (name: string) => (LEADING.includes(name) ? LEADING.indexOf(name) : LEADING.length);

/** The fields of an object schema, in the schema's order (an entry's kind and name first). */
export function fieldsOf(schema: JsonSchema, translation: Translation, path = ""): EditorField[] {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  const ordered = path ? entries : entries.toSorted(([a], [b]) => rank(a) - rank(b));
  return ordered.map(([name, property]) =>
    fieldOf(
      name,
      property,
      required.has(name),
      translation?.properties?.[name] ?? null,
      path ? `${path}.${name}` : name,
    ),
  );
}
