// @ts-check
// The last step: each page's Content-Security-Policy allows exactly the inline code the page finally
// holds. Astro lists the hashes of every inline script and style of the whole site in every page's
// CSP meta tag (the hydration scripts of island directives a page does not use, other pages' scoped
// styles), and the steps before this one change the page's styles. Nothing on the site adds inline
// scripts or styles at run time, so the page's own elements are all a hash has to allow.
import { cspHash } from "../csp-policy.mjs";

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
const HASH = /'(sha256-[A-Za-z0-9+/=]+)'/g;

/**
 * The hashes of a page's inline scripts and styles, in document order. Data blocks (JSON-LD) are not
 * run, so the CSP does not apply to them.
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
 * The hashes one directive of a CSP lists.
 * @param {string} policy
 * @param {string} directive
 */
const listed = (policy, directive) =>
  new Set(policy.match(new RegExp(`(?:^|;)\\s*${directive}\\s[^;]*`))?.[0].match(/sha256-[A-Za-z0-9+/=]+/g) ?? []);

/**
 * Refuses a page as the build wrote it whose inline script or style its CSP does not list: the
 * browser would refuse to run it, and the last step must not allow code the build did not vouch for.
 * A page without a CSP meta tag passes.
 * @param {string} html
 */
export function checkInlineCodeListed(html) {
  const policy = html.match(CSP_META)?.[2];
  if (policy === undefined) return;
  const own = inlineHashes(html);
  for (const [directive, hashes] of /** @type {const} */ ([
    ["script-src", own.scripts],
    ["style-src", own.styles],
  ])) {
    const allowed = listed(policy, directive);
    const missing = [...hashes].filter((hash) => !allowed.has(hash));
    if (missing.length > 0) throw new Error(`the CSP's ${directive} does not list ${missing.join(", ")}`);
  }
}

/**
 * A page whose CSP meta tag lists in script-src and style-src exactly the hashes of its own inline
 * code: a hash it already listed keeps its place, one it did not (a style an earlier step wrote)
 * comes first in the directive, and the others go. The other sources of those directives and the
 * other directives stay as they are. A page without the tag comes back unchanged.
 * @param {string} html
 */
export function ownHashesOnly(html) {
  const meta = html.match(CSP_META);
  if (!meta) return html;
  const own = inlineHashes(html);
  const policy = /** @type {string} */ (meta[2]);
  const trimmed = policy
    .split(";")
    .map((part) => {
      const name = part.trim().split(/\s+/)[0] ?? "";
      const keep = name === "script-src" ? own.scripts : name === "style-src" ? own.styles : undefined;
      if (!keep) return part;
      const before = new Set([...part.matchAll(HASH)].map((match) => match[1]));
      const added = [...keep].filter((hash) => !before.has(hash)).map((hash) => ` '${hash}'`);
      const kept = part.replace(/\s*'(sha256-[A-Za-z0-9+/=]+)'/g, (token, hash) => (keep.has(hash) ? token : ""));
      return kept.replace(name, `${name}${added.join("")}`);
    })
    .join(";");
  return html.replace(CSP_META, `$1${trimmed}$3`);
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
 * The page's final CSP: its own inline hashes only, and the meta tag first in the head.
 * @param {string} html
 */
export const pageCsp = (html) => cspFirst(ownHashesOnly(html));
