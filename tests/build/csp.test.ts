import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/dist";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The hash sources of one directive of a page's CSP meta tag. */
function hashSources(html: string, directive: string): string[] {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? "";
  const sources = new RegExp(`(?:^|;)\\s*${directive} ([^;]*)`).exec(meta)?.[1]?.trim().split(/\s+/) ?? [];
  return sources.filter((source) => source.startsWith("'sha256-")).sort();
}

/** The hashes of the page's inline scripts (JSON-LD is data, not run) and inline styles. */
function inlineCode(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1] ?? "") && !(m[1] ?? "").includes("application/ld+json"))
    .map((m) => hash(m[2] ?? ""));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1] ?? ""));
  return { scripts: [...new Set(scripts)].sort(), styles: [...new Set(styles)].sort() };
}

describe("each page's CSP", () => {
  const pages = builtPages().filter((p) => p.html.includes('http-equiv="content-security-policy"'));

  it("is on every page of the site", () => {
    expect(pages.length).toBeGreaterThan(200);
  });

  it("allows by hash exactly the inline scripts and styles the page holds, no other page's", () => {
    const wrong = pages.flatMap((p) => {
      const own = inlineCode(p.html);
      return [
        ...(JSON.stringify(hashSources(p.html, "script-src")) === JSON.stringify(own.scripts)
          ? []
          : [`${p.route} script-src`]),
        ...(JSON.stringify(hashSources(p.html, "style-src")) === JSON.stringify(own.styles)
          ? []
          : [`${p.route} style-src`]),
      ];
    });
    expect(wrong).toEqual([]);
  });

  it("lists an island's hydration script only on pages with that island: none on a content page", () => {
    const about = pages.find((p) => p.route === "/about");
    const contact = pages.find((p) => p.route === "/contact");
    expect(about && contact).toBeTruthy();
    expect(about?.html).not.toContain("<astro-island");
    expect(contact?.html).toContain("<astro-island");
    expect(hashSources(contact?.html ?? "", "script-src").length).toBeGreaterThan(
      hashSources(about?.html ?? "", "script-src").length,
    );
  });
});
