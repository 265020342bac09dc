// Library: astro 7.3.5 (the fonts API: dist/assets/fonts/infra/capsize-font-metrics-resolver.js).
//
// Defect: for each family Astro writes a fallback @font-face that sizes a local font to the web font's
// metrics, so the swap to the web font moves nothing. It finds that local font by one name only:
// src: local("Arial") for sans-serif, local("Times New Roman") for serif. Linux and ChromeOS have no
// such fonts but ship fonts made to the same metrics under other names (Liberation Sans and Arimo,
// Liberation Serif and Tinos, Liberation Mono and Cousine), and local() matches a font's own name,
// never an alias. There the face is skipped, and the text falls back to a font without the size
// adjustment, which moves when the web font arrives. The fonts config has no option for these names.
// Fix: each fallback face Astro writes lists the metric-compatible fonts after the original, under the
// same size adjustment. It changes the class's method in this process; nothing is written into
// node_modules. astro.config.mjs imports this module, so every astro command loads it before fonts
// are resolved. tests/integration/local-fixes.test.ts runs the stock class and fails once a release
// lists those fonts itself: then delete this file and its import.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Fonts installed on Linux and ChromeOS with the metrics of the fonts Astro sizes its fallbacks to. */
export const METRIC_COMPATIBLE_FONTS = {
  Arial: ["Liberation Sans", "Arimo"],
  "Arial Bold": ["Liberation Sans Bold", "Arimo Bold"],
  "Times New Roman": ["Liberation Serif", "Tinos"],
  "Times New Roman Bold": ["Liberation Serif Bold", "Tinos Bold"],
  "Courier New": ["Liberation Mono", "Cousine"],
};

/** The module Astro itself loads (resolved from the same package), not a copy of it. */
export const RESOLVER_MODULE = join(
  dirname(createRequire(import.meta.url).resolve("astro/package.json")),
  "dist/assets/fonts/infra/capsize-font-metrics-resolver.js",
);

const FIX = "scripts/local-fixes/astro-font-fallbacks.mjs";
const PATCHED = Symbol.for("aural.astro-font-fallbacks");
const { CapsizeFontMetricsResolver } = await import(pathToFileURL(RESOLVER_MODULE).href);
const resolver = CapsizeFontMetricsResolver.prototype;

/** A local() source as Astro renders it. */
const local = (name) => `local("${name}")`;

if (!resolver[PATCHED]) {
  const generateFontFace = resolver.generateFontFace;
  /** @param {{ font: string }} options */
  resolver.generateFontFace = function generateFallbackFace(options) {
    const css = generateFontFace.call(this, options);
    const alternatives = METRIC_COMPATIBLE_FONTS[options.font];
    if (!alternatives) return css;
    if (css.split(local(options.font)).length !== 2) {
      const face = `Astro's fallback face for ${options.font}`;
      throw new Error(`${face} no longer has one ${local(options.font)}: re-check ${FIX}`);
    }
    return css.replace(local(options.font), [options.font, ...alternatives].map(local).join(", "));
  };
  resolver[PATCHED] = true;
}
