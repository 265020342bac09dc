import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { LearningSchema } from "./features/learning/schema";
import { PageSchema } from "./features/pages/schema";
import { productSchema } from "./features/products/schema";
import { SpaceSchema } from "./features/spaces/schema";

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

export const collections = { pages, products, learning, spaces };
