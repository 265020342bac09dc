// @ts-check

import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import mdx from "@astrojs/mdx";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, fontProviders } from "astro/config";
import { sonnerInjectedStyle } from "./scripts/local-fixes/sonner-injected-style.mjs";
import { consentAskScript } from "./src/features/analytics/consent-script.mjs";
import { contentSecurityPolicy } from "./src/lib/csp.mjs";

// The toast library injects its stylesheet as a <style> element at run time; allow exactly that text.
/** @param {string} text */
const sha256 = (text) =>
  /** @type {`sha256-${string}`} */ (`sha256-${createHash("sha256").update(text).digest("base64")}`);
const sonnerStyleHash = sha256(sonnerInjectedStyle());

// A local .env fills in what the environment does not set, so the CSP below and the browser code see
// the same PUBLIC_* values.
if (existsSync(".env")) process.loadEnvFile(".env");

// Firebase web config. With no project configured, local builds use the demo project and the Auth
// emulator; the same values reach the browser as import.meta.env.PUBLIC_*.
Object.assign(process.env, (await import("./src/lib/build-env.mjs")).firebaseBuildEnv(process.env));
// Analytics: with no measurement id, page views go to a local sink (see src/lib/analytics).
process.env.PUBLIC_FIREBASE_MEASUREMENT_ID ??= "";
if (process.env.PUBLIC_FIREBASE_MEASUREMENT_ID && !process.env.PUBLIC_FIREBASE_APP_ID) {
  throw new Error("PUBLIC_FIREBASE_MEASUREMENT_ID is set, but Google Analytics also needs PUBLIC_FIREBASE_APP_ID");
}
const csp = contentSecurityPolicy({
  authEmulatorHost: process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
  dashboardUrl: process.env.PUBLIC_ANALYTICS_DASHBOARD_URL,
  measurementId: process.env.PUBLIC_FIREBASE_MEASUREMENT_ID,
});

// Self-hosted variable fonts, Latin and Latin Extended (Estonian š and ž) subsets. Astro writes the
// @font-face rules and metric-matched fallback faces, so swapping in the web font barely moves text.
const LATIN =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";
const LATIN_EXT =
  "U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF";
/** @param {string} file @param {string} range */
const variant = (file, range) => ({
  src: /** @type {[string]} */ ([file]),
  weight: "100 900",
  style: /** @type {const} */ ("normal"),
  unicodeRange: /** @type {[string]} */ ([range]),
});
/** @param {string} name @param {string} pkg @param {string} file @param {string[]} fallbacks */
const variableFont = (name, pkg, file, fallbacks) => ({
  provider: fontProviders.local(),
  name,
  cssVariable: `--font-${file}`,
  fallbacks,
  // Optional: a first visit on a slow connection keeps the fallback instead of reflowing the page.
  display: /** @type {const} */ ("optional"),
  options: {
    variants: /** @type {[ReturnType<typeof variant>, ReturnType<typeof variant>]} */ ([
      variant(`./node_modules/${pkg}/files/${file}-latin-wght-normal.woff2`, LATIN),
      variant(`./node_modules/${pkg}/files/${file}-latin-ext-wght-normal.woff2`, LATIN_EXT),
    ]),
  },
});

// Netlify sets URL on its builds; SITE_URL overrides it, and local builds use the preview's address.
const site = process.env.SITE_URL ?? process.env.URL ?? "http://localhost:8888";

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "never",
  build: { format: "file", inlineStylesheets: "always" },
  // Images are optimised at build (sharp); Deno-based edge functions are not used, so dev does not fetch them.
  adapter: netlify({
    imageCDN: false,
    devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
  }),
  integrations: [
    react(),
    mdx(),
    sitemap({ filter: (page) => !/\/(admin|auth)(\/|$)|\/404$/.test(new URL(page).pathname) }),
  ],
  security: {
    // Every page gets a CSP meta tag whose script-src and style-src list the hashes of what Astro emits;
    // the response header (public/_headers) adds what a meta tag cannot, such as frame-ancestors.
    csp: {
      algorithm: "SHA-256",
      // The toast library creates an empty <style> element before filling it with its stylesheet.
      styleDirective: { hashes: [sonnerStyleHash, sha256("")] },
      // The consent banner's inline script is not processed by Astro, so its hash is added here.
      scriptDirective: { resources: csp.scriptResources, hashes: [sha256(consentAskScript)] },
      directives: csp.directives,
    },
  },
  fonts: [
    variableFont("Inter", "@fontsource-variable/inter", "inter", ["Arial", "sans-serif"]),
    variableFont("Fraunces", "@fontsource-variable/fraunces", "fraunces", ["Georgia", "serif"]),
  ],
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss()],
  },
});
