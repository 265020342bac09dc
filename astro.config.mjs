// @ts-check

import { existsSync } from "node:fs";
import mdx from "@astrojs/mdx";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { firebaseBuildEnv } from "./integrations/build-env.mjs";
import { clientIntent } from "./integrations/client-intent.mjs";
import { contentSecurityPolicy, cspHash } from "./integrations/csp-policy.mjs";
import { postBuild } from "./integrations/post-build/index.mjs";
import { spamModel } from "./integrations/spam-model.mjs";
import { netlifyPaths } from "./integrations/vite/netlify-paths.mjs";
import { noPreloadOnDemand } from "./integrations/vite/no-preload-on-demand.mjs";
import { siteFonts } from "./integrations/web-fonts.mjs";
import { consentAskScript } from "./src/features/analytics/consent-script.mjs";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES } from "./src/i18n/locales.ts";
// Before Astro resolves the fonts: its fallback faces also name the metric-compatible Linux fonts.
import "./scripts/local-fixes/astro-font-fallbacks.mjs";

// A local .env fills in what the environment does not set, so the CSP below and the browser code see
// the same PUBLIC_* values.
if (existsSync(".env")) process.loadEnvFile(".env");

// Firebase web config. With no project configured, local builds use the demo project and the Auth
// emulator; the same values reach the browser as import.meta.env.PUBLIC_*.
Object.assign(process.env, firebaseBuildEnv(process.env));
// Analytics: with no measurement id, page views go to a local sink (src/features/analytics/).
process.env.PUBLIC_FIREBASE_MEASUREMENT_ID ??= "";
if (process.env.PUBLIC_FIREBASE_MEASUREMENT_ID && !process.env.PUBLIC_FIREBASE_APP_ID) {
  throw new Error("PUBLIC_FIREBASE_MEASUREMENT_ID is set, but Google Analytics also needs PUBLIC_FIREBASE_APP_ID");
}
const csp = contentSecurityPolicy({
  authEmulatorHost: process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
  dashboardUrl: process.env.PUBLIC_ANALYTICS_DASHBOARD_URL,
  measurementId: process.env.PUBLIC_FIREBASE_MEASUREMENT_ID,
});

// Self-hosted variable fonts, cut to the characters and weights the site uses, with metric-matched
// fallback faces (integrations/web-fonts.mjs).
const fontCache = "./node_modules/.cache/web-fonts";
const fonts = await siteFonts(fontCache);

// Netlify sets URL on its builds; SITE_URL overrides it, and local builds use the preview's address.
const site = process.env.SITE_URL ?? process.env.URL ?? "http://localhost:8888";

export default defineConfig({
  site,
  output: "static",
  // English at the site's root (every existing address keeps working), Estonian, Finnish and Swedish
  // under their codes with the same slugs; the routes are in src/pages/[...lang]/.
  i18n: {
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  trailingSlash: "never",
  build: { format: "file", inlineStylesheets: "always" },
  // Images are optimised at build (sharp); Deno-based edge functions are not used, so dev does not fetch them.
  adapter: netlify({
    imageCDN: false,
    devFeatures: { edgeFunctions: false, images: false, environmentVariables: false },
  }),
  integrations: [
    react(),
    // `client:intent`: the gallery's lightbox hydrates on a visitor's first sign of intent.
    clientIntent(),
    mdx(),
    // Each page is listed with its alternates in the other languages (xhtml:link hreflang).
    sitemap({
      filter: (page) => !/\/(admin|auth|cms)(\/|$)|\/404$/.test(new URL(page).pathname),
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: Object.fromEntries(LOCALES.map((l) => [l, LOCALE_INFO[l].tag])) },
    }),
    // Once the pages are built: styles cut, heading faces, one style, each page's own CSP, and then
    // the search index (integrations/post-build/index.mjs states the order).
    postBuild({ fontCacheDir: fontCache }),
    // The learned spam filter, trained on the repository's corpora for the forms' functions.
    spamModel(),
  ],
  security: {
    // Every page gets a CSP meta tag whose script-src and style-src list the hashes of what Astro emits;
    // the response header (public/_headers) adds what a meta tag cannot, such as frame-ancestors.
    csp: {
      algorithm: "SHA-256",
      // The consent banner's inline script is not processed by Astro, so its hash is added here.
      scriptDirective: { resources: csp.scriptResources, hashes: [cspHash(consentAskScript())] },
      directives: csp.directives,
    },
  },
  fonts,
  // AVIF at encoder effort 3 rather than sharp's 4: a first build on a fresh machine makes its
  // optimised images in a third of the time, for AVIF files a little larger.
  image: { service: { entrypoint: "astro/assets/services/sharp", config: { avif: { effort: 3 } } } },
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss(), netlifyPaths(), noPreloadOnDemand()],
    build: {
      // Rolldown warns of any chunk over 500 kB. The one such chunk is the calculator's PDF report (the
      // PDF engine, about 540 kB), loaded only when a visitor asks for the report; its size is held by
      // a budget of its own (tests/build/budgets.test.ts), so the warning's limit is set just above it.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        // The one build message silenced (scripts/local-fixes/README.md lists it): Astro gives each
        // content file's asset stub (*.mdx?astroPropagatedAssets) a "use astro:head-inject" directive
        // that nothing reads, and Rolldown warns, once per file, that bundling drops it
        // (withastro/astro#18087). Every other message still reaches the build's output.
        onLog(level, log, handler) {
          const headInject = log.code === "MODULE_LEVEL_DIRECTIVE" && log.message.includes('"use astro:head-inject"');
          if (!headInject) handler(level, log);
        },
        output: {
          // Island pages load React as one file (the gallery's lightbox shares it with the forms), the
          // forms' React components as another, and the forms' shared code (zod/mini, field builders,
          // toasts, API error codes; no React, so the sign-in page can use it) as a third, rather than
          // as many small chunks.
          codeSplitting: {
            groups: [
              {
                name: "react",
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              },
              {
                name: "form-fields",
                test: /src[\\/]features[\\/]forms[\\/][\w-]+\.tsx$/,
              },
              {
                // The one text helper of the forms and the calculator, which share nothing else.
                name: "fill",
                priority: 2,
                test: /src[\\/]i18n[\\/]fill\.ts$/,
              },
              {
                name: "forms",
                priority: 1,
                test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/](zod-mini|clean-text|api-error)\.ts|src[\\/]features[\\/]forms[\\/][\w-]+\.ts$/,
              },
            ],
          },
        },
      },
    },
  },
});
