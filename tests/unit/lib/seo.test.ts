import { describe, expect, it } from "vitest";
import { pageTitle } from "../../../src/lib/seo";

describe("pageTitle", () => {
  it("puts the page before the company name", () => {
    expect(pageTitle("About Us", "Aural Acoustics", "Aesthetically Sound Solutions")).toBe(
      "About Us | Aural Acoustics",
    );
  });

  it("uses the slogan when there is no page title", () => {
    expect(pageTitle(undefined, "Aural Acoustics", "Aesthetically Sound Solutions")).toBe(
      "Aural Acoustics | Aesthetically Sound Solutions",
    );
    expect(pageTitle("   ", "A", "B")).toBe("A | B");
  });
});
