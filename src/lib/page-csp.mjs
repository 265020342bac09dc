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

/**
 * A page whose head holds one inline <style> instead of several (the font faces, the page's cut
 * stylesheet, the heading's face): their texts joined in document order, which is also their
 * order in the cascade, as no stylesheet link stands between them. Each style joined must be one the
 * CSP allows; the joined style's hash is added to style-src (ownHashesOnly then drops the others).
 * One hash in the CSP meta tag instead of four is about 150 bytes less of every page's first round
 * trip. A page with a <style> that has attributes (a media query) is left as it is.
 * @param {string} html
 */
export function oneStyle(html) {
  const end = html.indexOf("</head>");
  if (end < 0) return html;
  const head = html.slice(0, end);
  const styles = [...head.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
  if (styles.length < 2 || styles.some(([, attributes = ""]) => attributes.trim() !== "")) return html;
  if (/<link\b[^>]*rel="?stylesheet/i.test(head)) throw new Error("a stylesheet link stands between the inline styles");
  const meta = head.match(CSP_META);
  if (!meta) throw new Error("no CSP meta tag to list the joined style in");
  const allowed = new Set(
    meta[2]?.match(/(?:^|;)\s*style-src\s[^;]*/)?.[0].match(/sha256-[A-Za-z0-9+/=]+/g) ?? /** @type {string[]} */ ([]),
  );
  const texts = styles.map(([, , text = ""]) => text);
  const refused = texts.filter((text) => !allowed.has(cspHash(text)));
  if (refused.length > 0) throw new Error(`the CSP's style-src does not allow ${refused.length} of the styles to join`);
  if (texts.slice(1).some((text) => /@(import|charset)\b/.test(text))) {
    throw new Error("a style to join has an @import or @charset, which must come first");
  }
  const joined = texts.join("");
  let first = true;
  const rewritten = head
    .replace(/<style>[\s\S]*?<\/style>/g, () => {
      if (!first) return "";
      first = false;
      return `<style>${joined}</style>`;
    })
    .replace(/(<meta http-equiv="content-security-policy" content="[^"]*?style-src)/i, `$1 '${cspHash(joined)}'`);
  return rewritten + html.slice(end);
}

/**
 * A page whose CSP meta tag comes first in its head, right after the character set: a policy in a
 * meta tag governs only what follows it, and Astro writes it after the font faces' styles.
 * @param {string} html
 */
export function cspFirst(html) {
  const meta = html.match(/<meta http-equiv="content-security-policy" content="[^"]*">/i)?.[0];
  const charset = html.match(/<meta charset="[^"]*">/i)?.[0];
  if (!meta || !charset) return html;
  const without = html.replace(meta, "");
  return without.replace(charset, `${charset}${meta}`);
}

/**
 * The Astro integration: once the build (the style cut and the heading faces) is done, joins each
 * page's inline styles into one, trims its CSP to its own inline code and puts it first in the head.
 */
export function pageCsp() {
  return /** @type {import("astro").AstroIntegration} */ ({
    name: "page-csp",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { pages, removed } = await rewriteBuiltPages(root, (html) => cspFirst(ownHashesOnly(oneStyle(html))));
        logger.info(
          `${pages} pages: one inline style each, CSP hashes of other pages' inline code dropped, ${Math.round(removed / 1024)} KB less HTML`,
        );
      },
    },
  });
}
