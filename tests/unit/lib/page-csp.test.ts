import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineHashes, ownHashesOnly } from "../../../src/lib/page-csp.mjs";

const hash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

const SCRIPT = "document.documentElement.dataset.ready=''";
const STYLE = "body{margin:0}";
const OTHER_SCRIPT = "window.otherPage=1";
const OTHER_STYLE = ".other{color:red}";

/** A built page whose CSP lists its own inline code and other pages' too, as Astro writes it. */
function page({ policy, body }: { policy?: string; body?: string } = {}) {
  const csp =
    policy ??
    [
      "default-src 'self'",
      "img-src 'self' data:",
      `script-src 'self' https://www.googletagmanager.com '${hash(SCRIPT)}' '${hash(OTHER_SCRIPT)}'`,
      `style-src 'self' '${hash(OTHER_STYLE)}' '${hash(STYLE)}'`,
    ].join(";");
  return [
    "<!doctype html><html><head>",
    `<meta http-equiv="content-security-policy" content="${csp};">`,
    `<style>${STYLE}</style>`,
    '<script type="application/ld+json">{"@type":"Organization"}</script>',
    '<script type="module" src="/_astro/page.js"></script>',
    "</head><body>",
    body ?? `<script>${SCRIPT}</script>`,
    "</body></html>",
  ].join("");
}

const policyOf = (html: string) => /content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? "";
const directive = (html: string, name: string) =>
  policyOf(html)
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe("inlineHashes", () => {
  it("hashes inline scripts and styles, not external scripts or JSON-LD data blocks", () => {
    const { scripts, styles } = inlineHashes(page());
    expect([...scripts]).toEqual([hash(SCRIPT)]);
    expect([...styles]).toEqual([hash(STYLE)]);
  });
});

describe("ownHashesOnly", () => {
  it("keeps in script-src and style-src only the hashes of the page's own inline code", () => {
    const html = ownHashesOnly(page());
    expect(directive(html, "script-src")).toBe(`script-src 'self' https://www.googletagmanager.com '${hash(SCRIPT)}'`);
    expect(directive(html, "style-src")).toBe(`style-src 'self' '${hash(STYLE)}'`);
    expect(html).not.toContain(hash(OTHER_SCRIPT));
    expect(html).not.toContain(hash(OTHER_STYLE));
  });

  it("leaves the other directives and the rest of the page as they were", () => {
    const before = page();
    const after = ownHashesOnly(before);
    expect(directive(after, "default-src")).toBe("default-src 'self'");
    expect(directive(after, "img-src")).toBe("img-src 'self' data:");
    const outside = (html: string) => html.replace(/content-security-policy" content="[^"]*"/, "");
    expect(outside(after)).toBe(outside(before));
  });

  it("keeps 'self' alone when the page has no inline script", () => {
    const html = ownHashesOnly(page({ body: "<p>No script here.</p>" }));
    expect(directive(html, "script-src")).toBe("script-src 'self' https://www.googletagmanager.com");
  });

  it("refuses a page whose inline script its CSP does not list, rather than ship code the browser blocks", () => {
    const policy = `default-src 'self';script-src 'self';style-src 'self' '${hash(STYLE)}'`;
    expect(() => ownHashesOnly(page({ policy }))).toThrow(/script-src does not list/);
  });

  it("leaves a page without a CSP meta tag as it is", () => {
    const html = "<!doctype html><html><head><style>p{}</style></head><body></body></html>";
    expect(ownHashesOnly(html)).toBe(html);
  });
});
