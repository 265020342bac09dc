import type { MountingMethod } from "../products/schema";

/** A guide's page, before the language prefix. */
export const guideHref = (method: MountingMethod | string) => `/guides/${method}`;

/** A guide's PDF, before the language prefix: /guides/clips.pdf, /et/guides/clips.pdf. */
export const guidePdfHref = (method: MountingMethod | string) => `/guides/${method}.pdf`;
