import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { editorCollections } from "../../src/features/editor/config";
import { builtPages, distDir } from "../support/dist";

/** The content editor in the build: its own page at /cms/, unlisted, configured from the schemas. */
describe("the content editor in the build", () => {
  const page = readFileSync(join(distDir, "cms/index.html"), "utf8");

  it("is a page of its own at /cms/, kept out of search engines", () => {
    expect(page).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page).toContain('<link href="/cms/config.yml" type="application/yaml" rel="cms-config-url">');
    expect(readFileSync(join(distDir, "robots.txt"), "utf8")).toContain("Disallow: /cms/");
    const headers = readFileSync(join(distDir, "_headers"), "utf8");
    expect(headers).toMatch(/\/cms\/\*\n(\s+.+\n)*\s+X-Robots-Tag: noindex, nofollow/);
  });

  it("is in no sitemap and linked from no page", () => {
    const sitemaps = ["sitemap-index.xml", "sitemap-0.xml"].map((f) => readFileSync(join(distDir, f), "utf8")).join("");
    expect(sitemaps).not.toContain("/cms");
    const linking = builtPages().filter((p) => /href="[^"]*\/cms[/"]/.test(p.html));
    expect(linking.map((p) => p.route)).toEqual([]);
  });

  it("is configured from the schemas the site was built with", () => {
    const config = parse(readFileSync(join(distDir, "cms/config.yml"), "utf8"));
    expect(config.collections).toEqual(JSON.parse(JSON.stringify(editorCollections())));
    expect(config.backend).toMatchObject({ name: "github", base_url: "https://api.netlify.com" });
  });
});
