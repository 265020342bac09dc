/** The kinds of file generated from each product's data: the BIM object and the drawing. */
export const GENERATED_KINDS = ["ifc", "dxf"] as const;
export type GeneratedKind = (typeof GENERATED_KINDS)[number];

/** A generated file's stable address: `/downloads/felt-panels/felt-panels.ifc`. */
export const generatedHref = (slug: string, kind: GeneratedKind) => `/downloads/${slug}/${slug}.${kind}`;
