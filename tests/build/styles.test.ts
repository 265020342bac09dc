import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { builtPages } from "../support/dist";
import { pageCss } from "../support/page-assets";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The style-src sources of a page's CSP meta tag. */
function styleSources(html: string): string[] {
  const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? "";
  return /(?:^|;)\s*style-src ([^;]*)/.exec(meta)?.[1]?.trim().split(/\s+/) ?? [];
}

/** The page's copy of the site stylesheet: its one inline style from Tailwind's banner on. */
const siteStylesheet = (html: string) => {
  const css = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1] ?? "")
    .find((text) => text.includes("/*!"));
  return css?.slice(css.indexOf("/*!"));
};

describe("each page's inlined stylesheet", () => {
  const pages = builtPages();
  const page = (route: string) => {
    const found = pages.find((p) => p.route === route);
    if (!found) throw new Error(`${route} is not in the build`);
    return found;
  };

  it("is allowed by the page's CSP: every inline style's hash is in its style-src", () => {
    const unlisted = pages.flatMap((p) =>
      [...p.html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
        .filter((m) => !styleSources(p.html).includes(hash(m[1] ?? "")))
        .map(() => p.route),
    );
    expect(unlisted).toEqual([]);
  });

  it("holds only the utilities the page can use: a content page has none of the inbox's or the forms' toasts", () => {
    const about = siteStylesheet(page("/about").html) ?? "";
    const inbox = siteStylesheet(page("/admin/contact-submissions").html) ?? "";
    expect(about).toContain(".container-page{");
    // The toasts' entry animation and error colours are written by the forms' script only.
    expect(about).not.toContain(".toast-in{");
    expect(about).not.toContain(".bg-red-800{");
    expect(inbox.length).toBeGreaterThan(about.length);
  });

  it("keeps a class that only a script the page can load writes: the contact form's toasts", () => {
    const contact = page("/contact").html;
    const markup = contact.replace(/<style\b[\s\S]*?<\/style>/g, "");
    expect(markup).not.toContain("toast-in");
    const css = siteStylesheet(contact) ?? "";
    expect(css).toContain(".toast-in{");
    expect(css).toContain(".bg-red-800{");
  });

  it("keeps the reset and base styles whole on every page: focus ring, hidden attribute", () => {
    for (const p of pages) {
      const css = siteStylesheet(p.html);
      if (css === undefined) continue;
      expect(css, p.route).toContain(":focus-visible{");
      expect(css, p.route).toContain("[hidden]:where(:not([hidden=until-found]))");
    }
  });

  it("is one inline style with the font faces, behind the CSP that allows it, which comes first in the head", () => {
    const notOne = pages.filter((p) => {
      const head = p.html.slice(0, p.html.indexOf("</head>"));
      const styles = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
      const csp = head.indexOf('<meta http-equiv="content-security-policy"');
      return styles.length !== 1 || !styles[0]?.[1]?.includes("@font-face") || csp < 0 || csp > head.indexOf("<style");
    });
    expect(notOne.map((p) => p.route)).toEqual([]);
    const home = page("/").html;
    expect(home.indexOf('<meta http-equiv="content-security-policy"')).toBe(
      home.indexOf('<meta charset="utf-8">') + 22,
    );
  });

  it("is in every page of the site", () => {
    const without = pages.filter((p) => siteStylesheet(p.html) === undefined).map((p) => p.route);
    expect(without).toEqual([]);
    expect(pageCss(page("/").html).files).toEqual([]);
  });
});
