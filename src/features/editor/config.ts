import { DEFAULT_LOCALE, LOCALES } from "../../i18n/locales";
import { SiteSchema, SiteTextSchema } from "../../lib/site-schema";
import { z } from "../../lib/zod";
import { MaterialSchema, MaterialTextSchema, RoomTypeSchema, RoomTypeTextSchema } from "../calculator/schema";
import { CertificateSchema } from "../documents/schema";
import { GallerySectionSchema, GalleryTextSchema } from "../gallery/schema";
import { GuideSchema, GuideTextSchema } from "../guides/schema";
import { SavedReplySchema, SavedReplyTextSchema } from "../inbox/saved-replies-schema";
import { FaqPageSchema, LearningTextSchema, MenuPageSchema } from "../learning/schema";
import { NavEntrySchema, NavTextSchema } from "../navigation/schema";
import { ProductTextSchema, productSchema } from "../products/schema";
import { AboutPageSchema, HomePageSchema, SpaceListPageSchema, SpatialSolutionsPageSchema } from "../site-pages/schema";
import { SpaceSchema, SpaceTextSchema } from "../spaces/schema";
import { type EditorField, fieldOf, fieldsOf, itemsOf, type JsonSchema, toJsonSchema } from "./fields";

/**
 * The content editor's configuration (Sveltia CMS, served at /cms/ with this as its config.yml):
 * one collection per kind of content, each in every site language side by side. English files
 * stay where they are (content/products/…), translations beside them in content/<language>/…, the
 * layout the build reads.
 */

/** A product image's field: a file next to the product files, optimised by the build. */
const imageField = z.string().meta({ widget: "image" });

/** English schema and translation schema of a kind of content, as JSON Schema. */
const pair = (english: z.ZodType, translation: z.ZodType): [JsonSchema, JsonSchema] => [
  toJsonSchema(english),
  toJsonSchema(translation),
];

/** Set by the loaders, never written in a file. */
const LOADER_FIELDS = new Set(["position"]);

const withoutLoaderFields = (schema: JsonSchema, extra: string[] = []): JsonSchema => ({
  ...schema,
  properties: Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([key]) => !LOADER_FIELDS.has(key) && !extra.includes(key)),
  ),
  required: (schema.required ?? []).filter((key) => !LOADER_FIELDS.has(key) && !extra.includes(key)),
});

/** The MDX body: the page's prose, translated like its words. */
const BODY: EditorField = { name: "body", label: "Text", widget: "markdown", i18n: true, required: false };

type Collection = Record<string, unknown> & { name: string; label: string };

/** A folder of MDX entries, content/<folder>/<slug>.mdx with translations in content/<lang>/<folder>/. */
function mdxFolder(
  name: string,
  label: string,
  folder: string,
  [english, translation]: [JsonSchema, JsonSchema],
  options: Record<string, unknown> = {},
): Collection {
  return {
    name,
    label,
    folder: `content/{{locale}}/${folder}`,
    extension: "mdx",
    format: "frontmatter",
    i18n: true,
    fields: [...fieldsOf(english, translation), BODY],
    ...options,
  };
}

/** A JSON file holding a list, content/<file> with its translation in content/<lang>/<file>. */
function listFile(
  name: string,
  label: string,
  file: string,
  [item, translation]: [JsonSchema, JsonSchema],
  summary: string,
  omit: string[] = [],
): Collection {
  const list = fieldOf(
    "items",
    { type: "array", items: withoutLoaderFields(item, omit) },
    true,
    { type: "array", items: itemsOf(translation.properties?.items) ?? {} },
    file,
  );
  return {
    name,
    label,
    i18n: true,
    files: [
      {
        name,
        label,
        file: `content/{{locale}}/${file}`,
        format: "json",
        i18n: true,
        fields: [{ ...list, label, root: true, summary }],
      },
    ],
  };
}

/** An object in the navigation: a link or a group of links. Both share the first variant's fields. */
function navigationItem(): JsonSchema {
  const entry = toJsonSchema(NavEntrySchema);
  const [link, group] = entry.anyOf ?? [];
  if (!link?.properties || !group?.properties) throw new Error("The navigation schema is no longer a link or a group");
  return {
    type: "object",
    properties: { ...link.properties, items: group.properties.items as JsonSchema },
    required: ["id", "label"],
  };
}

function navigationText(): JsonSchema {
  const text = toJsonSchema(NavTextSchema);
  const [link, group] = itemsOf(text.properties?.items)?.anyOf ?? [];
  return {
    type: "object",
    properties: {
      items: { type: "array", items: { ...link, properties: { ...link?.properties, ...group?.properties } } },
    },
  };
}

/** The spaces of one audience, content/spaces/<audience>/, with the photos' folder shared by both. */
const spaces = (audience: "private" | "public", label: string, singular: string) =>
  mdxFolder(`${audience}-spaces`, label, `spaces/${audience}`, pair(SpaceSchema, SpaceTextSchema), {
    label_singular: singular,
    identifier_field: "name",
    summary: "{{name}}",
    sortable_fields: ["order", "name"],
    description: "Each space's page and, with sub-pages on, one page per aspect.",
    // Photos: content/spaces/images/<space>/<space>.jpg, and <aspect>.jpg for a sub-page.
    media_folder: "/content/spaces/images",
    public_folder: "/content/spaces/images",
  });

export function editorCollections(): Collection[] {
  const product = pair(productSchema(imageField), ProductTextSchema);
  const [learningText] = [toJsonSchema(LearningTextSchema)];
  const textVariant = (kind: string) =>
    (learningText.anyOf ?? learningText.oneOf ?? []).find((v) => v.properties?.kind?.const === kind) ?? {};
  /** The learning pages of one kind ("faq" or "menu"), which share one folder. */
  const learningFolder = (
    kind: "faq" | "menu",
    label: string,
    singular: string,
    schema: z.ZodType,
    extra: Record<string, unknown> = {},
  ) =>
    mdxFolder(`learning-${kind}`, label, "learning", [toJsonSchema(schema), textVariant(kind)], {
      label_singular: singular,
      filter: { field: "kind", value: kind },
      identifier_field: "heading",
      summary: "{{heading}}",
      ...extra,
    });
  const page = (id: string, label: string, schema: z.ZodType, audience?: string): Record<string, unknown> => ({
    name: id,
    label,
    file: `content/{{locale}}/pages/${id}.mdx`,
    format: "frontmatter",
    i18n: true,
    fields: [...fieldsOf(toJsonSchema(schema), toJsonSchema(schema)), BODY],
    ...(audience ? { description: `The ${audience} spaces list page` } : {}),
  });

  return [
    mdxFolder("products", "Products", "products", product, {
      label_singular: "Product",
      media_folder: "images",
      public_folder: "./images",
      summary: "{{name}}",
      sortable_fields: ["order", "name"],
      identifier_field: "name",
      slug: "{{name}}",
      description: "Panels with their absorption, fire and carbon data, finishes and images.",
    }),
    learningFolder("faq", "Learning: questions and answers", "Q&A page", FaqPageSchema, {
      sortable_fields: ["order", "heading"],
    }),
    learningFolder("menu", "Learning: menu pages", "Menu page", MenuPageSchema),
    spaces("private", "Private spaces", "Private space"),
    spaces("public", "Public spaces", "Public space"),
    mdxFolder("guides", "Installation guides", "guides", pair(GuideSchema, GuideTextSchema), {
      label_singular: "Installation guide",
      identifier_field: "heading",
      summary: "{{heading}}",
      // One guide per mounting method the products name: the file's name is the method.
      create: false,
      delete: false,
      description: "One guide per mounting method. Sizes, fixing centres and depth come from the products.",
    }),
    {
      name: "documents",
      label: "Certificates and declarations",
      label_singular: "Document",
      folder: "content/documents",
      extension: "mdx",
      format: "frontmatter",
      // A certificate is in the one language it was issued in.
      i18n: false,
      identifier_field: "title",
      summary: "{{title}} ({{number}})",
      sortable_fields: ["title", "issued", "validUntil"],
      // The PDF goes next to the entries, in content/documents/files/.
      media_folder: "files",
      public_folder: "./files",
      description:
        "Fire classifications, test reports, EPDs, emission labels and declarations, each with its PDF. An expired one is shown as expired.",
      fields: fieldsOf(toJsonSchema(CertificateSchema), null),
    },
    {
      name: "pages",
      label: "Page copy",
      i18n: true,
      files: [
        page("home", "Home", HomePageSchema),
        page("about", "About", AboutPageSchema),
        page("spatial-solutions", "Spatial solutions", SpatialSolutionsPageSchema),
        page("private-spaces", "Private spaces list", SpaceListPageSchema, "private"),
        page("public-spaces", "Public spaces list", SpaceListPageSchema, "public"),
      ],
    },
    {
      name: "site",
      label: "Site settings",
      i18n: true,
      files: [
        {
          name: "site",
          label: "Company details and hours",
          file: "content/{{locale}}/site.json",
          format: "json",
          i18n: true,
          fields: fieldsOf(...pair(SiteSchema, SiteTextSchema)),
        },
      ],
    },
    listFile("navigation", "Menu", "navigation.json", [navigationItem(), navigationText()], "{{label}}"),
    listFile(
      "gallery",
      "Gallery sections",
      "gallery/sections.json",
      [galleryItem(), toJsonSchema(GalleryTextSchema)],
      "{{title}}",
      ["id"],
    ),
    listFile(
      "room-types",
      "Calculator room types",
      "calculator/room-types.json",
      pair(RoomTypeSchema, RoomTypeTextSchema),
      "{{name}}",
    ),
    listFile(
      "materials",
      "Calculator materials",
      "calculator/materials.json",
      pair(MaterialSchema, MaterialTextSchema),
      "{{name}}",
    ),
    listFile(
      "saved-replies",
      "Inbox: saved replies",
      "inbox/saved-replies.json",
      pair(SavedReplySchema, SavedReplyTextSchema),
      "{{title}}",
    ),
  ];
}

/** A gallery section: its title and folder in English, with each image's caption in a translation. */
function galleryItem(): JsonSchema {
  const section = toJsonSchema(GallerySectionSchema);
  const text = itemsOf(toJsonSchema(GalleryTextSchema).properties?.items);
  return {
    ...section,
    properties: {
      ...section.properties,
      captions: {
        ...(text?.properties?.captions ?? {}),
        description:
          "Translations only: each image file's caption, also its alt text. English captions come from the file names.",
      },
    },
  };
}

/** The whole config.yml: local repository or GitHub, media next to the content, four languages. */
export function editorConfig(repository: { repo: string; branch: string; siteUrl: string }) {
  return {
    backend: {
      name: "github",
      repo: repository.repo,
      branch: repository.branch,
      base_url: "https://api.netlify.com",
      commit_messages: {
        create: "Content: add {{collection}} “{{slug}}”",
        update: "Content: update {{collection}} “{{slug}}”",
        delete: "Content: delete {{collection}} “{{slug}}”",
        uploadMedia: "Content: upload “{{path}}”",
        deleteMedia: "Content: delete “{{path}}”",
      },
    },
    app_title: "Aural Acoustics content",
    logo: { src: "/favicon.svg" },
    site_url: repository.siteUrl,
    display_url: repository.siteUrl,
    // Uploads land in content/, where the build's image pipeline optimises them; never in public/.
    // The asset library is the gallery: a photo uploaded into a section's folder joins that section.
    // Product images go next to the products (the collection's own media folder).
    media_folder: "content/gallery",
    public_folder: "/content/gallery",
    i18n: {
      structure: "multiple_folders",
      locales: [...LOCALES],
      default_locale: DEFAULT_LOCALE,
      omit_default_locale_from_file_path: true,
    },
    output: {
      omit_empty_optional_fields: true,
      yaml: { indent_sequences: true, quote: "none" },
    },
    slug: { encoding: "ascii", clean_accents: true },
    collections: editorCollections(),
  };
}
