import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { joinStyles } from "../../../integrations/post-build/join-styles.mjs";
import {
  checkInlineCodeListed,
  cspFirst,
  inlineHashes,
  ownHashesOnly,
} from "../../../integrations/post-build/page-csp.mjs";

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

  it("lists first a hash of the page's own code that the CSP did not list (a style a step wrote)", () => {
    const policy = `default-src 'self';script-src 'self' '${hash(SCRIPT)}';style-src 'self'`;
    expect(directive(ownHashesOnly(page({ policy })), "style-src")).toBe(`style-src '${hash(STYLE)}' 'self'`);
  });

  it("leaves a page without a CSP meta tag as it is", () => {
    const html = "<!doctype html><html><head><style>p{}</style></head><body></body></html>";
    expect(ownHashesOnly(html)).toBe(html);
  });
});

describe("checkInlineCodeListed", () => {
  it("refuses a built page whose inline script its CSP does not list, rather than vouch for it", () => {
    const policy = `default-src 'self';script-src 'self';style-src 'self' '${hash(STYLE)}'`;
    expect(() => checkInlineCodeListed(page({ policy }))).toThrow(/script-src does not list/);
  });

  it("passes a page whose inline code its CSP lists, and a page without a CSP meta tag", () => {
    expect(() => checkInlineCodeListed(page())).not.toThrow();
    expect(() => checkInlineCodeListed("<!doctype html><html><head><style>p{}</style></head></html>")).not.toThrow();
  });
});

describe("joinStyles", () => {
  const FACES = "@font-face{font-family:Inter;src:url(/i.woff2)}";
  const HEADING = ":root h1{font-family:serif}";
  const styled = (policy: string, styles: string[]) =>
    [
      '<!doctype html><html><head><meta charset="utf-8">',
      ...styles.slice(0, 1).map((css) => `<style>${css}</style>`),
      `<meta http-equiv="content-security-policy" content="${policy}">`,
      ...styles.slice(1).map((css) => `<style>${css}</style>`),
      "</head><body><style>.late{}</style></body></html>",
    ].join("");
  const allowing = (...styles: string[]) =>
    `default-src 'self';style-src 'self' ${styles.map((css) => `'${hash(css)}'`).join(" ")}`;

  it("joins the head's styles in document order into one, where the first was, and the CSP allows it", () => {
    const html = ownHashesOnly(joinStyles(styled(allowing(FACES, STYLE, HEADING, ".late{}"), [FACES, STYLE, HEADING])));
    const head = html.slice(0, html.indexOf("</head>"));
    expect([...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1])).toEqual([FACES + STYLE + HEADING]);
    expect(head.indexOf("<style>")).toBeLessThan(head.indexOf("content-security-policy"));
    expect(directive(html, "style-src")).toBe(
      `style-src '${hash(FACES + STYLE + HEADING)}' 'self' '${hash(".late{}")}'`,
    );
    // A style in the body is not the head's to join.
    expect(html).toContain("<body><style>.late{}</style>");
  });

  it("refuses a page where a stylesheet link stands between the styles, whose cascade joining would change", () => {
    const linked = styled(allowing(FACES, STYLE), [FACES, STYLE]).replace(
      "<style>body",
      '<link rel="stylesheet" href="/s.css"><style>body',
    );
    expect(() => joinStyles(linked)).toThrow(/stylesheet link/);
  });

  it("leaves a page with one style, or a style with a media query, as it is", () => {
    const one = styled(allowing(FACES), [FACES]);
    expect(joinStyles(one)).toBe(one);
    const media = styled(allowing(FACES, STYLE), [FACES, STYLE]).replace("<style>body", '<style media="print">body');
    expect(joinStyles(media)).toBe(media);
  });
});

describe("cspFirst", () => {
  it("moves the CSP meta tag right after the character set, so it governs the whole head", () => {
    const html = ownHashesOnly(page()).replace("<head>", '<head><meta charset="utf-8"><title>t</title>');
    const moved = cspFirst(html);
    expect(moved).toMatch(
      /^<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy"/,
    );
    expect(moved.replace(/<meta http-equiv[^>]*>/, "")).toBe(html.replace(/<meta http-equiv[^>]*>/, ""));
  });
});
