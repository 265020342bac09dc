import { describe, expect, it } from "vitest";
import { pageAddress } from "../../../../src/features/search/pagefind-index.mjs";

describe("pageAddress", () => {
  it("gives a built page the address the site links to", () => {
    expect(pageAddress("index.html")).toBe("/");
    expect(pageAddress("et.html")).toBe("/et");
    expect(pageAddress("about.html")).toBe("/about");
    expect(pageAddress("products/felt-panels.html")).toBe("/products/felt-panels");
    expect(pageAddress("fi/learning/basics.html")).toBe("/fi/learning/basics");
    expect(pageAddress("sv/index.html")).toBe("/sv");
  });
});
