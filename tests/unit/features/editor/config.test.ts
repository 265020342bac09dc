import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MaterialSchema, RoomTypeSchema } from "../../../../src/features/calculator/schema";
import { editorCollections, editorConfig } from "../../../../src/features/editor/config";
import { type EditorField, fieldsOf, toJsonSchema } from "../../../../src/features/editor/fields";
import { editorFiles, editorText } from "../../../../src/features/editor/files";
import { FaqPageSchema } from "../../../../src/features/learning/schema";
import { FIRE_CLASS_PATTERN, productSchema } from "../../../../src/features/products/schema";
import { HomePageSchema, SpatialSolutionsPageSchema } from "../../../../src/features/site-pages/schema";
import { SpaceSchema } from "../../../../src/features/spaces/schema";
import { readFrontMatter } from "../../../../src/lib/front-matter";
import { SiteSchema } from "../../../../src/lib/site-schema";
import { z } from "../../../../src/lib/zod";

type Collection = ReturnType<typeof editorCollections>[number] & {
  fields?: EditorField[];
  files?: { name: string; file: string; fields: EditorField[] }[];
};
const collections = editorCollections() as Collection[];
const collection = (name: string) => {
  const found = collections.find((c) => c.name === name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
};
const fileFields = (name: string, file = name) => {
  const fields = collection(name).files?.find((f) => f.name === file)?.fields ?? [];
  return fields.length === 1 && fields[0]?.root ? ((fields[0].fields as EditorField[]) ?? []) : fields;
};
const field = (fields: EditorField[] | undefined, path: string): EditorField => {
  const [head, ...rest] = path.split(".");
  const found = fields?.find((f) => f.name === head);
  if (!found) throw new Error(`no field ${path}`);
  if (!rest.length) return found;
  const inner = (found.fields as EditorField[] | undefined) ?? (found.field ? [found.field as EditorField] : undefined);
  return field(inner, rest.join("."));
};

/** Keys of a zod schema, walked through zod's own structure (not through the editor's JSON Schema). */
function zodKeys(schema: z.ZodType, prefix = ""): string[] {
  const def = (schema as unknown as { def: Record<string, unknown> }).def;
  switch (def.type) {
    case "object": {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, value]) => [
        `${prefix}${key}`,
        ...zodKeys(value, `${prefix}${key}.`),
      ]);
    }
    case "optional":
    case "nullable":
    case "default":
      return zodKeys(def.innerType as z.ZodType, prefix);
    case "pipe":
      return zodKeys(def.in as z.ZodType, prefix);
    case "array":
      return zodKeys(def.element as z.ZodType, prefix);
    case "tuple":
      return zodKeys((def.items as z.ZodType[])[0] as z.ZodType, prefix);
    default:
      return [];
  }
}

/** Field paths of the editor's fields, the same way. */
function fieldKeys(fields: EditorField[], prefix = ""): string[] {
  return fields.flatMap((f) => {
    const sub = (f.fields as EditorField[] | undefined) ?? [];
    return [`${prefix}${f.name}`, ...fieldKeys(sub, `${prefix}${f.name}.`)];
  });
}

const withoutBody = (fields: EditorField[] = []) => fields.filter((f) => f.name !== "body");

describe("the content editor's configuration", () => {
  it.each([
    ["products", () => withoutBody(collection("products").fields), productSchema(z.string())],
    ["private spaces", () => withoutBody(collection("private-spaces").fields), SpaceSchema],
    ["public spaces", () => withoutBody(collection("public-spaces").fields), SpaceSchema],
    ["learning Q&A pages", () => withoutBody(collection("learning-faq").fields), FaqPageSchema],
    ["home page", () => withoutBody(fileFields("pages", "home")), HomePageSchema],
    ["spatial solutions page", () => withoutBody(fileFields("pages", "spatial-solutions")), SpatialSolutionsPageSchema],
    ["site settings", () => fileFields("site"), SiteSchema],
    ["room types", () => fileFields("room-types"), RoomTypeSchema],
    ["materials", () => fileFields("materials"), MaterialSchema],
  ])("has a field for every field of the %s schema, and no other", (_name, fields, schema) => {
    const loaderSet = ["position"];
    expect(fieldKeys(fields()).sort()).toEqual(
      zodKeys(schema)
        .filter((key) => !loaderSet.includes(key))
        .sort(),
    );
  });

  it("brings a new schema field into the editor, and stops on one it cannot show, naming it", () => {
    const fields = fieldsOf(toJsonSchema(z.strictObject({ name: z.string(), weightKg: z.number().min(0) })), null);
    expect(fields.map((f) => f.name)).toEqual(["name", "weightKg"]);
    expect(field(fields, "weightKg")).toMatchObject({ widget: "number", min: 0, i18n: false });
    expect(() => fieldsOf(toJsonSchema(z.strictObject({ batch: z.bigint() })), null)).toThrow(
      "The content editor has no field for batch",
    );
  });

  it("carries the schemas' required fields, limits, patterns and choices", () => {
    const product = collection("products").fields;
    expect(field(product, "description")).toMatchObject({ widget: "text", minlength: 50, maxlength: 160 });
    expect(field(product, "description").hint).toContain("Meta description shown in search results");
    expect(field(product, "warrantyYears")).toMatchObject({ widget: "number", value_type: "int", min: 1, max: 25 });
    expect(field(product, "absorption.bands.hz4000")).toMatchObject({
      widget: "number",
      min: 0,
      max: 1.3,
      label: "4000 Hz",
    });
    expect(field(product, "fire.reaction").pattern).toEqual([FIRE_CLASS_PATTERN.source, expect.any(String)]);
    expect(field(product, "fire.standard")).toMatchObject({ widget: "hidden", default: "EN 13501-1" });
    expect(field(product, "flagship")).toMatchObject({ widget: "boolean", required: false, default: false });
    expect(field(product, "environment.epd").required).toBe(false);
    expect(field(product, "images")).toMatchObject({ widget: "list", max: 4 });
    expect(field(product, "images.src")).toMatchObject({ widget: "image" });
    expect(field(product, "dataDate")).toMatchObject({ widget: "datetime", time_format: false });
    expect(field(fileFields("materials"), "surfaces")).toMatchObject({
      widget: "select",
      multiple: true,
      options: ["floor", "ceiling", "walls"],
    });
    expect(field(fileFields("materials"), "alpha")).toMatchObject({ min: 6, max: 6, allow_add: false });
    expect(field(fileFields("site"), "email")).toMatchObject({ type: "email" });
  });

  it("translates exactly the fields the translation schemas hold, and copies the ids that match them up", () => {
    const product = collection("products").fields;
    expect(field(product, "name").i18n).toBe(true);
    expect(field(product, "order").i18n).toBe(false);
    expect(field(product, "absorption").i18n).toBe(false);
    expect(field(product, "images").i18n).toBe(true);
    expect(field(product, "images.alt").i18n).toBe(true);
    expect(field(product, "images.src").i18n).toBe(false);
    expect(field(product, "finishes.id").i18n).toBe("duplicate");
    expect(field(product, "finishes.swatch").i18n).toBe(false);
    expect(field(fileFields("site"), "email").i18n).toBe(false);
    expect(field(fileFields("site"), "hours.weekdays.days").i18n).toBe(true);
  });

  it("writes every language into the folders the build reads, English without a language folder", () => {
    const config = editorConfig({ repo: "company/website", branch: "main", siteUrl: "https://example.com" });
    expect(config.i18n).toEqual({
      structure: "multiple_folders",
      locales: ["en", "et", "fi", "sv"],
      default_locale: "en",
      omit_default_locale_from_file_path: true,
    });
    expect(collection("products")).toMatchObject({ folder: "content/{{locale}}/products", media_folder: "images" });
    expect(config.media_folder.startsWith("content/")).toBe(true);
    const paths = editorFiles(collections).map((f) => f.path);
    expect(paths).toContain("content/products/felt-panels.mdx");
    expect(paths).toContain("content/et/products/felt-panels.mdx");
    expect(paths).toContain("content/sv/calculator/room-types.json");
  });
});

/** Every content file, as paths from the project root. */
function contentFiles(): string[] {
  return readdirSync("content", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(mdx|json)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Keys in `data` that no field names, as paths. */
function unknownKeys(data: unknown, fields: EditorField[], prefix = ""): string[] {
  if (Array.isArray(data)) return data.flatMap((item, i) => unknownKeys(item, fields, `${prefix}${i}.`));
  if (typeof data !== "object" || data === null) return [];
  return Object.entries(data).flatMap(([key, value]) => {
    const known = fields.find((f) => f.name === key);
    if (!known) return [`${prefix}${key}`];
    const sub = known.fields as EditorField[] | undefined;
    return sub ? unknownKeys(value, sub, `${prefix}${key}.`) : [];
  });
}

describe("the content files", () => {
  const files = editorFiles(collections);

  it("are each covered by a collection of the editor", () => {
    expect(contentFiles().sort()).toEqual(files.map((f) => f.path).sort());
  });

  it("hold no field the editor does not know (in a translation: no field that is not translated)", () => {
    const unknown = files.flatMap((file) => {
      const text = readFileSync(file.path, "utf8");
      const data = file.format === "json" ? JSON.parse(text) : readFrontMatter(text).data;
      return unknownKeys(data, file.fields).map((key) => `${file.path}: ${key}`);
    });
    expect(unknown).toEqual([]);
  });

  it.each(files.map((f) => [f.path, f] as const))(
    "%s is in the form the editor writes (a save changes only what was edited)",
    (_path, file) => {
      const text = readFileSync(file.path, "utf8");
      expect(text, "Reorder or requote it as the editor would (docs/editing.md)").toBe(editorText(file, text));
    },
  );
});
