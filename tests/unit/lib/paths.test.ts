import { describe, expect, it } from "vitest";
import { normalisePath } from "../../../src/lib/paths";

describe("normalisePath", () => {
  it.each([
    ["/", "/"],
    ["", "/"],
    ["/index.html", "/"],
    ["/about", "/about"],
    ["/about/", "/about"],
    ["/about.html", "/about"],
    ["/products/felt-panels?x=1#top", "/products/felt-panels"],
    ["/learning/index.html", "/learning"],
  ])("%s -> %s", (input, expected) => {
    expect(normalisePath(input)).toBe(expected);
  });
});
