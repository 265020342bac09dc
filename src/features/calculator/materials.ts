import type { Spectrum } from "./reverberation";

export interface Material {
  id: string;
  name: string;
  /** Absorption coefficients at 125-4000 Hz. */
  alpha: Spectrum;
  /** Where the material may be chosen. */
  surfaces: readonly ("floor" | "ceiling" | "walls")[];
}

/**
 * Typical absorption coefficients of common finishes, rounded, as tabulated in the acoustics
 * literature (for example M. Long, Architectural Acoustics, 2nd ed., appendix; F. A. Everest and
 * K. C. Pohlmann, Master Handbook of Acoustics, absorption tables). Real products vary; these are
 * for estimates, not for certification.
 */
export const MATERIALS: readonly Material[] = [
  {
    id: "concrete",
    name: "Concrete, painted",
    alpha: [0.01, 0.01, 0.02, 0.02, 0.02, 0.02],
    surfaces: ["floor", "ceiling", "walls"],
  },
  {
    id: "plaster",
    name: "Plaster on masonry",
    alpha: [0.01, 0.02, 0.02, 0.03, 0.04, 0.05],
    surfaces: ["ceiling", "walls"],
  },
  {
    id: "plasterboard",
    name: "Plasterboard on studs",
    alpha: [0.29, 0.1, 0.05, 0.04, 0.07, 0.09],
    surfaces: ["ceiling", "walls"],
  },
  { id: "brick", name: "Brick, unglazed", alpha: [0.03, 0.03, 0.03, 0.04, 0.05, 0.07], surfaces: ["walls"] },
  { id: "glass", name: "Glass, large panes", alpha: [0.18, 0.06, 0.04, 0.03, 0.02, 0.02], surfaces: ["walls"] },
  {
    id: "wood-panelling",
    name: "Wood panelling",
    alpha: [0.28, 0.22, 0.17, 0.09, 0.1, 0.11],
    surfaces: ["ceiling", "walls"],
  },
  {
    id: "acoustic-ceiling",
    name: "Suspended acoustic ceiling tiles",
    alpha: [0.5, 0.7, 0.85, 0.9, 0.9, 0.85],
    surfaces: ["ceiling"],
  },
  { id: "parquet", name: "Parquet on concrete", alpha: [0.04, 0.04, 0.07, 0.06, 0.06, 0.07], surfaces: ["floor"] },
  { id: "wood-floor", name: "Wooden floor on joists", alpha: [0.15, 0.11, 0.1, 0.07, 0.06, 0.07], surfaces: ["floor"] },
  {
    id: "tiles",
    name: "Ceramic tiles or stone",
    alpha: [0.01, 0.01, 0.01, 0.02, 0.02, 0.02],
    surfaces: ["floor", "walls"],
  },
  { id: "vinyl", name: "Vinyl or linoleum", alpha: [0.02, 0.03, 0.03, 0.03, 0.03, 0.02], surfaces: ["floor"] },
  { id: "carpet", name: "Carpet on concrete", alpha: [0.02, 0.06, 0.14, 0.37, 0.6, 0.65], surfaces: ["floor"] },
];

export const materialById = (id: string): Material | undefined => MATERIALS.find((m) => m.id === id);
export const materialsFor = (surface: Material["surfaces"][number]) =>
  MATERIALS.filter((m) => m.surfaces.includes(surface));
