// @ts-check
// The analytics consent banner is drawn once on a first visit. On a phone it is the largest text of
// the learning pages, so drawn in the fallback face and again when Inter arrives, that second paint
// would be the page's LCP, a few hundred ms after the first paint. After the build, each page with the
// banner gets a copy of the site's Inter faces under a name of their own with font-display: optional,
// and the banner uses them, then the metric-matched fallback, never the swapping faces: on a first
// visit the banner keeps the face it was first drawn in (the fallback, unless Inter is already there),
// and once Inter is cached, as on every later page, it is drawn in Inter from the start. The copies
// name the same files, so nothing more is downloaded.
import { fileURLToPath } from "node:url";
import { rewriteBuiltPages } from "./built-pages.mjs";
import { cspHash } from "./csp.mjs";

/** The banner's faces' name in the page's CSS. */
export const BANNER_FAMILY = "Inter banner";
/** The banner's element, as ConsentBanner.astro writes it. */
const BANNER = 'id="cookie-consent"';

/**
 * The page's Inter faces (from Astro's @font-face rules) and the families its Inter stack falls back
 * to, or undefined when the page has no Inter stack.
 * @param {string} html
 */
export function interFaces(html) {
  const stack = /--font-inter:([^;}]+)/.exec(html)?.[1];
  if (!stack) return undefined;
  const [family, ...fallbacks] = stack.split(",").map((part) => part.trim());
  const faces = [...html.matchAll(/@font-face\{([^}]*)\}/g)]
    .map(([, rule = ""]) => rule)
    .filter((rule) => rule.includes(`font-family:${family};`) && /src:url\(/.test(rule));
  return { family, faces, fallbacks };
}

/**
 * The page with the banner's faces and rule in a style of its own at the end of the head, its hash
 * listed in the CSP. A page without the banner comes back unchanged.
 * @param {string} html
 */
export function withBannerFaces(html) {
  if (!html.includes(BANNER)) return html;
  const inter = interFaces(html);
  if (!inter || inter.faces.length === 0) throw new Error("a page with the consent banner has no Inter faces to copy");
  if (inter.fallbacks.length === 0) throw new Error("the Inter stack names no fallback");
  const faces = inter.faces.map(
    (rule) =>
      `@font-face{${rule
        .replace(`font-family:${inter.family};`, `font-family:"${BANNER_FAMILY}";`)
        .replace("font-display:swap", "font-display:optional")}}`,
  );
  if (faces.some((face) => !face.includes("font-display:optional"))) {
    throw new Error("an Inter face has no font-display:swap to make optional");
  }
  const style = `${faces.join("")}#cookie-consent{font-family:"${BANNER_FAMILY}",${inter.fallbacks.join(",")}}`;
  const csp = /(<meta http-equiv="content-security-policy" content="[^"]*?style-src)/i;
  if (!csp.test(html)) throw new Error("no CSP meta tag with a style-src to list the banner's style in");
  return html.replace(csp, `$1 '${cspHash(style)}'`).replace("</head>", `<style>${style}</style></head>`);
}

/** The Astro integration: after the heading faces, before the styles are joined and the CSP trimmed. */
export function bannerFont() {
  return /** @type {import("astro").AstroIntegration} */ ({
    name: "banner-font",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        let banners = 0;
        const { pages } = await rewriteBuiltPages(root, (html) => {
          const rewritten = withBannerFaces(html);
          if (rewritten !== html) banners++;
          return rewritten;
        });
        logger.info(`${banners} of ${pages} pages: the consent banner in faces that never swap`);
      },
    },
  });
}
