import { describe, expect, it } from "vitest";
import { colourFamily, fireRank } from "../../../../src/features/products/compare-values";

describe("colourFamily", () => {
  it.each([
    ["#f4f2ec", "white"],
    ["#ece5d8", "white"],
    ["#e6d3b1", "beige"],
    ["#d9c39d", "beige"],
    ["#c49a6c", "brown"],
    ["#6e4f36", "brown"],
    ["#5c4033", "brown"],
    ["#b7654a", "red"],
    ["#9c4f2e", "red"],
    ["#a3ad93", "green"],
    ["#7b7d48", "green"],
    ["#3f5443", "green"],
    ["#5b7a8c", "blue"],
    ["#b9b4aa", "grey"],
    ["#5e6468", "grey"],
    ["#3d3d3b", "dark"],
    ["#2f3640", "dark"],
    ["#2b2926", "dark"],
  ])("reads %s as %s", (swatch, family) => {
    expect(colourFamily(swatch)).toBe(family);
  });
});

describe("fireRank", () => {
  it("orders Euroclasses from the best, smoke and droplets breaking ties", () => {
    const classes = ["B-s2,d0", "A1", "C-s1,d0", "A2-s1,d0", "B-s1,d1", "B-s1,d0", "F"];
    expect(classes.sort((a, b) => fireRank(a) - fireRank(b))).toEqual([
      "A1",
      "A2-s1,d0",
      "B-s1,d0",
      "B-s1,d1",
      "B-s2,d0",
      "C-s1,d0",
      "F",
    ]);
  });

  it("puts a value that is not a Euroclass last", () => {
    expect(fireRank("unknown")).toBeGreaterThan(fireRank("F"));
  });
});
