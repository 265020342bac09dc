import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_LOCALE, LOCALES } from "../../i18n/locales";
import { readFrontMatter } from "../../lib/front-matter";
import type { EditorField } from "./fields";
import { frontMatterFile, inFieldOrder, jsonFile } from "./serialize";

/** One content file as the editor sees it: its path, language and the fields it holds. */
export interface EditorFile {
  path: string;
  locale: string;
  format: "frontmatter" | "json";
  fields: EditorField[];
  /** A JSON file holding a list (navigation, gallery sections, calculator data). */
  rootList: boolean;
}

type CollectionConfig = Record<string, unknown> & {
  folder?: string;
  filter?: { field: string; value: string };
  fields?: EditorField[];
  files?: { file: string; format?: string; fields: EditorField[] }[];
};

/** The fields a translation holds: the translatable ones, each with only its translatable subfields. */
export function translatedFields(fields: EditorField[]): EditorField[] {
  return fields
    .filter((field) => field.i18n === true || field.i18n === "duplicate")
    .map((field) => {
      const sub = field.fields as EditorField[] | undefined;
      return sub ? { ...field, fields: translatedFields(sub) } : field;
    });
}

const inLocale = (template: string, locale: string) =>
  locale === DEFAULT_LOCALE ? template.replace("{{locale}}/", "") : template.replace("{{locale}}", locale);

/** Every content file the editor's collections cover, in every language. */
export function editorFiles(collections: CollectionConfig[], root = process.cwd()): EditorFile[] {
  const files: EditorFile[] = [];
  for (const collection of collections) {
    for (const locale of LOCALES) {
      const fieldsFor = (fields: EditorField[]) => (locale === DEFAULT_LOCALE ? fields : translatedFields(fields));
      // A collection without translations has its files in one place, read once.
      if (collection.i18n === false && locale !== DEFAULT_LOCALE) continue;
      if (collection.folder && collection.fields) {
        const folder = inLocale(collection.folder, locale);
        if (!existsSync(join(root, folder))) continue;
        for (const name of readdirSync(join(root, folder))
          .filter((file) => file.endsWith(".mdx"))
          .sort()) {
          const path = `${folder}/${name}`;
          const { filter } = collection;
          if (filter) {
            // A translation belongs to the collection its English file belongs to.
            const english = readFrontMatter(
              readFileSync(join(root, inLocale(collection.folder, DEFAULT_LOCALE), name), "utf8"),
            );
            if (english.data[filter.field] !== filter.value) continue;
          }
          files.push({ path, locale, format: "frontmatter", fields: fieldsFor(collection.fields), rootList: false });
        }
      }
      for (const file of collection.files ?? []) {
        const path = inLocale(file.file, locale);
        const root = file.fields.length === 1 && file.fields[0]?.root === true;
        const fields = root ? ((file.fields[0]?.fields as EditorField[]) ?? []) : file.fields;
        files.push({
          path,
          locale,
          format: file.format === "json" ? "json" : "frontmatter",
          fields: fieldsFor(fields),
          rootList: root,
        });
      }
    }
  }
  return files;
}

/** The text the editor would write for this file's data: equal to the file when it is in form. */
export function editorText(file: EditorFile, text: string): string {
  if (file.format === "json") {
    const data = JSON.parse(text) as unknown;
    return jsonFile(
      file.rootList && Array.isArray(data)
        ? data.map((item) => inFieldOrder(item, file.fields))
        : inFieldOrder(data, file.fields),
    );
  }
  const { data, body } = readFrontMatter(text);
  const ordered = inFieldOrder(data, [...file.fields, { name: "body", label: "", widget: "markdown" }]);
  return frontMatterFile(ordered as Record<string, unknown>, body);
}
