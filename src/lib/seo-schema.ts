import { z } from "./zod";

/** Title and description every page carries for search engines and link previews. */
export const SeoSchema = z.strictObject({
  title: z.string().min(3).max(70).describe("Page title, without the company name (added automatically)"),
  description: z.string().min(50).max(160).describe("Meta description shown in search results, 50-160 characters"),
});

export type Seo = z.infer<typeof SeoSchema>;
