import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { LearningSchema } from "./schemas/learning";
import { PageSchema } from "./schemas/pages";
import { productSchema } from "./schemas/product";
import { SpaceSchema } from "./schemas/space";

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
