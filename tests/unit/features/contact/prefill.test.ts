import { describe, expect, it } from "vitest";
import { prefillCalculation } from "../../../../src/features/contact/prefill";

const ORIGIN = "https://aural.example";
const query = (calculation: string) => `?${new URLSearchParams({ product: "felt-panels", calculation })}`;

describe("the calculation a quote request links to", () => {
  it("is the calculator address the calculator sends, on this site", () => {
    const link = `${ORIGIN}/tools/room-acoustics-calculator?length=9&width=7.5&height=3&unit=panels`;
    expect(prefillCalculation(query(link), ORIGIN)).toBe(link);
  });

  it("is nothing for a missing, foreign, script or malformed address", () => {
    expect(prefillCalculation("?product=felt-panels", ORIGIN)).toBeNull();
    expect(prefillCalculation(query("https://elsewhere.example/tools/room-acoustics-calculator"), ORIGIN)).toBeNull();
    expect(prefillCalculation(query("javascript:alert(1)"), ORIGIN)).toBeNull();
    expect(prefillCalculation(query("/tools/room-acoustics-calculator"), ORIGIN)).toBeNull();
    expect(prefillCalculation(query("not a url"), ORIGIN)).toBeNull();
  });
});
