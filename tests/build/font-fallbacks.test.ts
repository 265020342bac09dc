import { describe, expect, it } from "vitest";
import { builtPages } from "../support/dist";

// The build loads scripts/local-fixes/astro-font-fallbacks.mjs (through astro.config.mjs), so every
// page's metric-matched fallback faces also find the Linux fonts with Arial's and Times New Roman's metrics.
describe("fallback faces in the build", () => {
  it("every page's fallback faces name the metric-compatible fonts after the Windows and macOS ones", () => {
    const wrong: string[] = [];
    for (const page of builtPages()) {
      const sources = [...page.html.matchAll(/fallback: ([^"]+)";src:([^;]+);/g)].map(
        ([, font, src]) => `${font}: ${src}`,
      );
      const expected = [
        'Arial: local("Arial"), local("Liberation Sans"), local("Arimo")',
        'Times New Roman: local("Times New Roman"), local("Liberation Serif"), local("Tinos")',
      ];
      if (JSON.stringify(sources) !== JSON.stringify(expected)) wrong.push(`${page.route}: ${sources.join(" | ")}`);
    }
    expect(wrong).toEqual([]);
  });
});
