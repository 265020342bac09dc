// @ts-check

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import mdx from "@astrojs/mdx";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { contentSecurityPolicy } from "./src/config/csp.mjs";

// The toast library injects its stylesheet as a <style> element at run time; allow exactly that text.
const sonnerSource = readFileSync(new URL("./node_modules/sonner/dist/index.mjs", import.meta.url), "utf8");
const sonnerCss = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(sonnerSource)?.[1];
if (!sonnerCss) throw new Error("Could not find the toast stylesheet to hash for the CSP");
const sonnerStyleHash = /** @type {`sha256-${string}`} */ (
  `sha256-${createHash("sha256").update(JSON.parse(sonnerCss)).digest("base64")}`
);

// A local .env fills in what the environment does not set, so the CSP below and the browser code see
// the same PUBLIC_* values.
if (existsSync(".env")) process.loadEnvFile(".env");

// Firebase web config. With no project configured, local builds use the demo project and the Auth
// emulator; the same values reach the browser as import.meta.env.PUBLIC_*.
process.env.PUBLIC_FIREBASE_PROJECT_ID ??= "demo-aural-acoustics";
process.env.PUBLIC_FIREBASE_API_KEY ??= "demo-api-key";
if (process.env.PUBLIC_FIREBASE_PROJECT_ID.startsWith("demo-")) {
  process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ??= "127.0.0.1:9099";
}
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

// Netlify sets URL on its builds; SITE_URL overrides it, and local builds use the preview's address.
const site = process.env.SITE_URL ?? process.env.URL ?? "http://localhost:8888";

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "never",
  build: { format: "file", inlineStylesheets: "never" },
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
      styleDirective: { hashes: [sonnerStyleHash] },
      scriptDirective: { resources: csp.scriptResources },
      directives: csp.directives,
    },
  },
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss()],
  },
});
