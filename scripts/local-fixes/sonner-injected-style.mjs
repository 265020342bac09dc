// @ts-check
// Library: sonner 2.0.8 (the toast component, dist/index.mjs).
//
// Defect: importing the package injects its stylesheet into the page as a <style> element, always:
// there is no option to turn that off or to give the element a nonce. The package also ships
// dist/styles.css, but importing that does not stop the injection, and its text differs from the
// injected one. Under a CSP without 'unsafe-inline' the injected style is blocked unless the policy
// lists the hash of exactly that text, which exists only inside dist/index.mjs.
// Fix: read the injected text from there, so the build can hash it for the CSP (astro.config.mjs).
// tests/integration/local-fixes.test.ts imports the stock package into a stand-in document and fails
// once it injects nothing (or something else): then import sonner/dist/styles.css instead, drop the
// hash from the CSP and delete this file.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The stylesheet text sonner injects at run time. */
export function sonnerInjectedStyle() {
  // The package exports no package.json; its CommonJS entry sits beside the ES module browsers get.
  const dist = dirname(createRequire(import.meta.url).resolve("sonner"));
  const source = readFileSync(join(dist, "index.mjs"), "utf8");
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error("Could not find the toast stylesheet to hash for the CSP");
  return /** @type {string} */ (JSON.parse(literal));
}
