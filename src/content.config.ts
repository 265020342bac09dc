import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { MaterialSchema, RoomTypeSchema } from "./features/calculator/schema";
import { GallerySectionSchema } from "./features/gallery/schema";
import { LearningSchema } from "./features/learning/schema";
import { NavEntrySchema } from "./features/navigation/schema";
import { productSchema } from "./features/products/schema";
import { PageSchema } from "./features/site-pages/schema";
import { SpaceSchema } from "./features/spaces/schema";
import { SiteSchema } from "./lib/site-schema";

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

export const collections = {
  pages,
  products,
  learning,
  spaces,
  site,
  navigation,
  gallerySections,
  roomTypes,
  materials,
};
