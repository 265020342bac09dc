import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { MaterialSchema, MaterialTextSchema, RoomTypeSchema, RoomTypeTextSchema } from "./features/calculator/schema";
import { CertificateSchema } from "./features/documents/schema";
import { GallerySectionSchema, GalleryTextSchema } from "./features/gallery/schema";
import { GuideSchema, GuideTextSchema } from "./features/guides/schema";
import { SavedReplySchema, SavedReplyTextSchema } from "./features/inbox/saved-replies-schema";
import { LearningSchema, LearningTextSchema } from "./features/learning/schema";
import { NavEntrySchema, NavTextSchema } from "./features/navigation/schema";
import { ProductTextSchema, productSchema } from "./features/products/schema";
import { PageSchema } from "./features/site-pages/schema";
import { SpaceSchema, SpaceTextSchema } from "./features/spaces/schema";
import { TRANSLATED_LOCALES } from "./i18n/locales";
import { translationFiles } from "./i18n/translation-files";
import { SiteSchema, SiteTextSchema } from "./lib/site-schema";

/** A JSON array file: each item's index becomes its `position`; `idOf` names items without an id. */
const listFile = (path: string, idOf: (item: Record<string, unknown>) => unknown = (item) => item.id) =>
  file(path, {
    parser: (text) =>
      (JSON.parse(text) as Record<string, unknown>[]).map((item, position) => ({ ...item, id: idOf(item), position })),
  });

/**
 * Every piece of content enters the site here, MDX and JSON alike, checked by its schema at build:
 * a misspelt or missing field fails the build naming the file and the field.
 */

const pages = defineCollection({
  loader: glob({ pattern: "*.mdx", base: "./content/pages" }),
  schema: PageSchema,
});

const products = defineCollection({
  loader: glob({ pattern: "*.mdx", base: "./content/products" }),
  schema: ({ image }) => productSchema(image()),
});

const learning = defineCollection({
  loader: glob({ pattern: "*.mdx", base: "./content/learning" }),
  schema: LearningSchema,
});

/** One installation guide per mounting method: the id is the method ("clips", "z-clips"). */
const guides = defineCollection({
  loader: glob({ pattern: "*.mdx", base: "./content/guides" }),
  schema: GuideSchema,
});

/** Certificates and declarations editors upload; each is in one language, so it has no translations. */
const documents = defineCollection({
  loader: glob({ pattern: "*.mdx", base: "./content/documents" }),
  schema: CertificateSchema,
});

/** Ids are "private/living-room" and "public/libraries": the folder is the audience. */
const spaces = defineCollection({
  loader: glob({ pattern: "{private,public}/*.mdx", base: "./content/spaces" }),
  schema: SpaceSchema,
});

/** The company's details: one object, stored as the single entry "site". */
const site = defineCollection({
  loader: file("content/site.json", { parser: (text) => ({ site: JSON.parse(text) }) }),
  schema: SiteSchema,
});

const navigation = defineCollection({
  loader: listFile("content/navigation.json"),
  schema: NavEntrySchema,
});

/** Each section's folder is its id. */
const gallerySections = defineCollection({
  loader: listFile("content/gallery/sections.json", (section) => section.folder),
  schema: GallerySectionSchema,
});

const roomTypes = defineCollection({
  loader: listFile("content/calculator/room-types.json"),
  schema: RoomTypeSchema,
});

const materials = defineCollection({
  loader: listFile("content/calculator/materials.json"),
  schema: MaterialSchema,
});

const savedReplies = defineCollection({
  loader: listFile("content/inbox/saved-replies.json"),
  schema: SavedReplySchema,
});

/**
 * Translations: content/<language>/ mirrors content/ with each entry's words only (see
 * docs/translations.md). Entry ids keep the language and folder: "et/products/felt-panels".
 */
const translated = (pattern: string) =>
  glob({ pattern: `{${TRANSLATED_LOCALES.join(",")}}/${pattern}`, base: "./content" });

const pagesText = defineCollection({ loader: translated("pages/*.mdx"), schema: PageSchema });
const productsText = defineCollection({ loader: translated("products/*.mdx"), schema: ProductTextSchema });
const learningText = defineCollection({ loader: translated("learning/*.mdx"), schema: LearningTextSchema });
const guidesText = defineCollection({ loader: translated("guides/*.mdx"), schema: GuideTextSchema });
const spacesText = defineCollection({ loader: translated("spaces/{private,public}/*.mdx"), schema: SpaceTextSchema });
const siteText = defineCollection({ loader: translationFiles("site.json"), schema: SiteTextSchema });
const navigationText = defineCollection({ loader: translationFiles("navigation.json"), schema: NavTextSchema });
const galleryText = defineCollection({ loader: translationFiles("gallery/sections.json"), schema: GalleryTextSchema });
const roomTypesText = defineCollection({
  loader: translationFiles("calculator/room-types.json"),
  schema: RoomTypeTextSchema,
});
const savedRepliesText = defineCollection({
  loader: translationFiles("inbox/saved-replies.json"),
  schema: SavedReplyTextSchema,
});
const materialsText = defineCollection({
  loader: translationFiles("calculator/materials.json"),
  schema: MaterialTextSchema,
});

export const collections = {
  pages,
  products,
  learning,
  guides,
  documents,
  spaces,
  site,
  navigation,
  gallerySections,
  roomTypes,
  materials,
  pagesText,
  productsText,
  learningText,
  guidesText,
  spacesText,
  siteText,
  navigationText,
  galleryText,
  roomTypesText,
  materialsText,
  savedReplies,
  savedRepliesText,
};
