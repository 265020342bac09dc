/**
 * The files generated from each product's data: the BIM object, the drawing, and one zip of all of
 * the product's documents.
 */
export const GENERATED_KINDS = ["ifc", "dxf", "zip"] as const;
export type GeneratedKind = (typeof GENERATED_KINDS)[number];

/** A generated file's name: `felt-panels.ifc`, `felt-panels-documents.zip`. */
export const generatedName = (slug: string, kind: GeneratedKind) =>
  kind === "zip" ? `${slug}-documents.zip` : `${slug}.${kind}`;

/** A generated file's stable address: `/downloads/felt-panels/felt-panels.ifc`. */
export const generatedHref = (slug: string, kind: GeneratedKind) => `/downloads/${slug}/${generatedName(slug, kind)}`;
