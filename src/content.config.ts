import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { PageSchema } from "./schemas/pages";

const pages = defineCollection({
  loader: glob({ pattern: "*.mdx", base: "./content/pages" }),
  schema: PageSchema,
});

export const collections = { pages };
