// @ts-check
// Each built page's Content-Security-Policy allows only the inline code that page holds. Astro lists
// the hashes of every inline script and style of the whole site in every page's CSP meta tag (the
// hydration scripts of island directives a page does not use, other pages' scoped styles). After the
// build, each page keeps in script-src and style-src only the hashes of its own inline <script> and
// <style> elements; the other sources of those directives stay as they are. Nothing on the site adds
// inline scripts or styles at run time, so the page's own elements are all a hash has to allow.
import { fileURLToPath } from "node:url";
import { rewriteBuiltPages } from "./built-pages.mjs";
import { cspHash } from "./csp.mjs";

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;

/**
 * The hashes of a page's inline scripts and styles. Data blocks (JSON-LD) are not run, so the CSP
 * does not apply to them.
 * @param {string} html
 */
export function inlineHashes(html) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\ssrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , text = ""]) => cspHash(text));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, text = ""]) => cspHash(text));
  return { scripts: new Set(scripts), styles: new Set(styles) };
}

/**
 * A page whose CSP meta tag lists only its own inline hashes. A page without the tag comes back
 * unchanged; a page with an inline script or style its CSP does not list is refused, as the browser
 * would refuse to run it.
 * @param {string} html
 */
export function ownHashesOnly(html) {
  const meta = html.match(CSP_META);
  if (!meta) return html;
  const own = inlineHashes(html);
  const policy = /** @type {string} */ (meta[2]);
  const listed = (/** @type {string} */ directive) =>
    new Set(policy.match(new RegExp(`(?:^|;)\\s*${directive}\\s[^;]*`))?.[0].match(/sha256-[A-Za-z0-9+/=]+/g) ?? []);
  for (const [directive, hashes] of /** @type {const} */ ([
    ["script-src", own.scripts],
    ["style-src", own.styles],
  ])) {
    const allowed = listed(directive);
    const missing = [...hashes].filter((hash) => !allowed.has(hash));
    if (missing.length > 0) throw new Error(`the CSP's ${directive} does not list ${missing.join(", ")}`);
  }
  const trimmed = policy
    .split(";")
    .map((part) => {
      const name = part.trim().split(/\s+/)[0];
      const keep = name === "script-src" ? own.scripts : name === "style-src" ? own.styles : undefined;
      if (!keep) return part;
      return part.replace(/\s*'(sha256-[A-Za-z0-9+/=]+)'/g, (token, hash) => (keep.has(hash) ? token : ""));
    })
    .join(";");
  return html.replace(CSP_META, `$1${trimmed}$3`);
}

/** The Astro integration: trims every built page's CSP once the build (and the style cut) is done. */
export function pageCsp() {
  return /** @type {import("astro").AstroIntegration} */ ({
    name: "page-csp",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { pages, removed } = await rewriteBuiltPages(root, ownHashesOnly);
        logger.info(
          `${pages} pages: CSP hashes of other pages' inline code dropped, ${Math.round(removed / 1024)} KB less HTML`,
        );
      },
    },
  });
}
