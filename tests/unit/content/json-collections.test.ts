import { describe, expect, it } from "vitest";
import materials from "../../../content/calculator/materials.json";
import roomTypes from "../../../content/calculator/room-types.json";
import gallerySections from "../../../content/gallery/sections.json";
import navigation from "../../../content/navigation.json";
import { MaterialSchema, RoomTypeSchema } from "../../../src/features/calculator/schema";
import { GallerySectionSchema } from "../../../src/features/gallery/schema";
import { NavEntrySchema } from "../../../src/features/navigation/schema";

/** Each JSON list file as its collection's loader hands it over: with its position (and id). */
const cases = [
  ["content/navigation.json", NavEntrySchema, navigation.map((item, position) => ({ ...item, position }))],
  [
    "content/gallery/sections.json",
    GallerySectionSchema,
    gallerySections.map((item, position) => ({ ...item, id: item.folder, position })),
  ],
  ["content/calculator/room-types.json", RoomTypeSchema, roomTypes.map((item, position) => ({ ...item, position }))],
  ["content/calculator/materials.json", MaterialSchema, materials.map((item, position) => ({ ...item, position }))],
] as const;

describe.each(cases)("%s", (_file, schema, items) => {
  it("is valid as it stands", () => {
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(schema.safeParse(item).error?.issues ?? []).toEqual([]);
  });

  it("refuses a misspelt field, naming it", () => {
    const result = schema.safeParse({ ...items[0], misspelt: true });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain("misspelt");
  });
});

describe("field rules", () => {
  it("names the field of a material coefficient out of range", () => {
    const [first] = cases[3][2];
    const result = MaterialSchema.safeParse({ ...first, alpha: [0.1, 0.2, 1.4, 0.3, 0.3, 0.3] });
    expect(result.error?.issues[0]?.path).toEqual(["alpha", 2]);
  });

  it("refuses a room type whose target range is upside down", () => {
    const [first] = cases[2][2];
    const result = RoomTypeSchema.safeParse({ ...first, min: 0.9, max: 0.5 });
    expect(result.error?.issues[0]?.message).toBe("min must be below max");
  });

  it("refuses a navigation link that is not a site path", () => {
    const result = NavEntrySchema.safeParse({ id: "x", position: 0, label: "X", href: "https://elsewhere.example" });
    expect(result.success).toBe(false);
  });
});
