// @ts-check

import { existsSync } from "node:fs";
import mdx from "@astrojs/mdx";
import netlify from "@astrojs/netlify";
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, fontProviders } from "astro/config";
import { spamModel } from "./integrations/spam-model.mjs";
import { consentAskScript } from "./src/features/analytics/consent-script.mjs";
import { searchIndex } from "./src/features/search/pagefind-index.mjs";
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES } from "./src/i18n/locales.ts";
import { contentSecurityPolicy, cspHash } from "./src/lib/csp.mjs";
import { headingFonts } from "./src/lib/heading-font.mjs";
import { pageCsp } from "./src/lib/page-csp.mjs";
import { pageStyles } from "./src/lib/page-styles.mjs";
import { webFonts } from "./src/lib/web-fonts.mjs";
// Before Astro resolves the fonts: its fallback faces also name the metric-compatible Linux fonts.
import "./scripts/local-fixes/astro-font-fallbacks.mjs";

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

// Self-hosted variable fonts, cut to the characters and weights the site uses (src/lib/web-fonts.mjs).
// Astro writes the @font-face rules and metric-matched fallback faces, so the swap to the web font
// barely moves text; with `swap` a first visit shows the brand fonts as soon as they arrive.
const fontCache = "./node_modules/.cache/web-fonts";
const fontFaces = await webFonts(fontCache);
/** @param {{ min: number, max: number }} weight @param {{ path: string, unicodeRange: string }} face */
const variant = (weight, face) => ({
  src: /** @type {[string]} */ ([face.path]),
  weight: `${weight.min} ${weight.max}`,
  style: /** @type {const} */ ("normal"),
  unicodeRange: /** @type {[string]} */ ([face.unicodeRange]),
});
const fonts = fontFaces.map(({ family, faces }) => ({
  provider: fontProviders.local(),
  name: family.name,
  cssVariable: `--font-${family.file}`,
  fallbacks: [...family.fallbacks],
  display: /** @type {const} */ ("swap"),
  options: {
    variants: /** @type {[ReturnType<typeof variant>, ...ReturnType<typeof variant>[]]} */ (
      faces.map((face) => variant(family.weight, face))
    ),
  },
}));

/**
 * The browser code's dynamic imports (the calculator's live half, its report, the sign-in state,
 * analytics) load on demand and preload nothing: the browser follows each chunk's own imports. The
 * bundler's default inserts a `<link rel=modulepreload>` for every chunk a dynamic import needs, in
 * the very task that starts it, and on a slow phone those insertions alone made that task long (a
 * shared room's first step on the calculator).
 * @returns {import("vite").Plugin}
 */
function noPreloadOnDemand() {
  return {
    name: "no-preload-on-demand",
    configEnvironment(name) {
      return name === "client" ? { build: { modulePreload: { polyfill: false, resolveDependencies: () => [] } } } : {};
    },
  };
}

/**
 * The dev server answers paths as Netlify (and so the preview) does: /cms/ with the content editor's
 * page, cms/index.html, and a page's path with a trailing slash (/et/, /about/) with that page, where
 * Astro's own check would answer 404 (trailingSlash "never" holds for the links the site writes).
 * @returns {import("vite").Plugin}
 */
function netlifyPaths() {
  return {
    name: "netlify-paths",
    // Runs after Astro's own hook, which puts its trailing-slash check first, so this goes before it.
    configureServer(server) {
      return () => {
        server.middlewares.stack.unshift({
          route: "",
          /** @type {import("vite").Connect.NextHandleFunction} */
          handle: (request, _response, next) => {
            request.url = netlifyPath(request.url ?? "/");
            next();
          },
        });
      };
    },
  };
}

/**
 * The address the dev server answers for `url`, as Netlify's pretty URLs resolve it.
 * @param {string} url
 */
function netlifyPath(url) {
  const split = url.indexOf("?");
  const [path, query] = split < 0 ? [url, ""] : [url.slice(0, split), url.slice(split)];
  if (path === "/cms" || path === "/cms/") return `/cms/index.html${query}`;
  // Not the root, nor Vite's and Astro's own addresses (/@vite/, /_astro/), which Astro's check skips too.
  const page = path.length > 1 && path.endsWith("/") && !/^\/[@_]/.test(path);
  return page ? `${path.replace(/\/+$/, "") || "/"}${query}` : url;
}

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
    mdx(),
    // Each page is listed with its alternates in the other languages (xhtml:link hreflang).
    sitemap({
      filter: (page) => !/\/(admin|auth|cms)(\/|$)|\/404$/.test(new URL(page).pathname),
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: Object.fromEntries(LOCALES.map((l) => [l, LOCALE_INFO[l].tag])) },
    }),
    // Each page inlines only the stylesheet rules its markup and scripts can use.
    pageStyles(),
    // Then each page's h1 gets a subset of the heading face with its own letters, preloaded first.
    headingFonts(fontCache),
    // Then each page's inline styles are joined into one, and its CSP lists only the hashes of its own
    // inline scripts and styles.
    pageCsp(),
    // Then the site search's index of the final pages, one per language.
    searchIndex(),
    // The learned spam filter, trained on the repository's corpora for the forms' functions.
    spamModel(),
  ],
  security: {
    // Every page gets a CSP meta tag whose script-src and style-src list the hashes of what Astro emits;
    // the response header (public/_headers) adds what a meta tag cannot, such as frame-ancestors.
    csp: {
      algorithm: "SHA-256",
      // The consent banner's inline script is not processed by Astro, so its hash is added here.
      scriptDirective: { resources: csp.scriptResources, hashes: [cspHash(consentAskScript)] },
      directives: csp.directives,
    },
  },
  fonts,
  // AVIF at encoder effort 3 rather than sharp's 4: a first build on a fresh machine makes its 576
  // optimised images in about 1 minute instead of 3, for AVIF files about 15% larger.
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
          // Island pages load React (with the islands' shared form components) as one file, and the
          // forms' shared code (zod/mini, field builders, toasts, API error codes; no React, so the
          // sign-in page can use it) as another, rather than as many small chunks.
          codeSplitting: {
            groups: [
              {
                name: "react",
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]features[\\/]forms[\\/][\w-]+\.tsx$/,
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
