import { describe, expect, it } from "vitest";
import { builtPages, resolveBuiltFile } from "../support/dist";
import { pendingRoutes } from "../support/pending-routes";

/** Internal URLs a page refers to: links, images, scripts, stylesheets, icons and srcset entries. */
function internalReferences(html: string): string[] {
  const refs = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src|poster|component-url|renderer-url)="([^"]+)"/g)) {
    if (match[1]) refs.add(match[1]);
  }
  for (const match of html.matchAll(/\ssrcset="([^"]+)"/g)) {
    for (const part of match[1]?.split(",") ?? []) {
      const url = part.trim().split(/\s+/)[0];
      if (url) refs.add(url);
    }
  }
  return [...refs].filter((ref) => ref.startsWith("/") && !ref.startsWith("//")).map((ref) => ref.split("#")[0] ?? ref);
}

describe("internal links and images", () => {
  const pages = builtPages();

  for (const page of pages) {
    it(`${page.route}: every internal link and asset resolves`, () => {
      const broken = internalReferences(page.html)
        .filter((ref) => ref !== "")
        .filter((ref) => !resolveBuiltFile(ref))
        .filter((ref) => !pendingRoutes.includes(ref.split("?")[0] ?? ref));
      expect(broken).toEqual([]);
    });

    it(`${page.route}: in-page anchors point at an element`, () => {
      for (const match of page.html.matchAll(/\shref="#([^"]+)"/g)) {
        expect(page.html, `#${match[1]}`).toMatch(new RegExp(`\\sid="${match[1]}"`));
      }
    });
  }

  it("lists as pending only routes that have no page yet", () => {
    const built = pendingRoutes.filter((route) => resolveBuiltFile(route));
    expect(built, "these pages exist now: take them off tests/support/pending-routes.ts").toEqual([]);
  });
});
