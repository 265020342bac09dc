// The site's own client directives, so that `client:intent` type-checks on components.
export {};

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrates on the first sign of intent; the value selects the elements whose clicks are held. */
    "client:intent"?: string;
  }
}
