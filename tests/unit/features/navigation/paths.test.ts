import { describe, expect, it } from "vitest";
import { groupContainsCurrent, isCurrent } from "../../../../src/features/navigation/paths";

describe("isCurrent", () => {
  it("matches the same page however it is written", () => {
    expect(isCurrent("/about", "/about.html")).toBe(true);
    expect(isCurrent("/", "/index.html")).toBe(true);
  });

  it("does not treat a parent as the current page", () => {
    expect(isCurrent("/", "/about")).toBe(false);
    expect(isCurrent("/products", "/products/felt-panels")).toBe(false);
  });
});

describe("groupContainsCurrent", () => {
  it("is true only when one of the group's links is the page", () => {
    const hrefs = ["/products/aural-solution", "/products/felt-panels"];
    expect(groupContainsCurrent(hrefs, "/products/felt-panels.html")).toBe(true);
    expect(groupContainsCurrent(hrefs, "/about")).toBe(false);
  });
});
