import { describe, expect, it } from "vitest";
import type { LearnedModel } from "../../../../../src/features/spam/server/learned";
import { packModel, readModel } from "../../../../../src/features/spam/server/model-format";

const model: LearnedModel = {
  version: 1,
  bits: 18,
  bias: -0.25,
  weights: { 0: 0.5, 3: -1.25, 200: 0.004, 70000: 31.999, 262143: -0.002 },
};

describe("the stored spam model", () => {
  it("reads back the weights it was packed with, to a thousandth", () => {
    const back = readModel(JSON.parse(JSON.stringify(packModel(model))));
    expect(back).toEqual(model);
  });

  it("is a third of the size of the weights as a JSON object, or less", () => {
    const weights: Record<string, number> = {};
    for (let id = 1; id < 2 ** 18; id += 2) weights[id] = Math.round(Math.sin(id) * 3000) / 1000 || 0.001;
    const large: LearnedModel = { ...model, weights };
    expect(JSON.stringify(packModel(large)).length).toBeLessThan(JSON.stringify(large).length / 3);
    expect(readModel(packModel(large))).toEqual(large);
  });

  it("refuses a cut-off or damaged file rather than read part of it", () => {
    const packed = packModel(model);
    expect(readModel({ ...packed, weights: packed.weights.slice(0, 4) })).toBeNull();
    expect(readModel({ ...packed, buckets: packed.buckets.slice(0, 2) })).toBeNull();
    expect(readModel({ ...packed, bits: 8 })).toBeNull();
    expect(readModel({ ...packed, version: 3 })).toBeNull();
    expect(readModel("not a model")).toBeNull();
  });

  it("still reads a model stored as a JSON object before the packed format", () => {
    expect(readModel(model)).toBe(model);
  });
});
