import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LearningSchema } from "../../../src/features/learning/schema";
import { productSchema } from "../../../src/features/products/schema";
import { SpaceSchema } from "../../../src/features/spaces/schema";

const ProductSchema = productSchema(z.string());

const product = {
  name: "Felt Panels",
  title: "Felt Panels, Wool Felt Acoustic Tiles",
  description: "Wool felt acoustic panels in twelve muted colours, arranged as tiles or large fields.",
  order: 2,
  tagline: "Pressed wool felt.",
  warrantyYears: 5,
  images: [{ src: "./images/felt-1.jpg", alt: "Felt tiles on a wall" }],
  features: ["Wool", "Colours", "Recyclable"],
  specifications: {
    nrc: 0.75,
    dimensions: "600 × 600 mm",
    thickness: "24 mm",
    material: "Wool felt",
    finish: "Through-dyed",
    installation: "Clips, 50 mm from the wall",
  },
  applications: ["Offices", "Classrooms"],
  absorption: {
    mountingDepthMm: 50,
    bands: { hz125: 0.15, hz250: 0.4, hz500: 0.8, hz1000: 0.95, hz2000: 0.9, hz4000: 0.85 },
  },
  fire: { reaction: "B-s1,d0", standard: "EN 13501-1", source: "Test report 1" },
  environment: {
    gwpA1A3: 6.4,
    standard: "EN 15804+A2",
    epd: null,
    recycledContentPercent: 45,
    source: "Own calculation",
  },
  finishes: [
    { id: "moss", name: "Moss", swatch: "#667a4f" },
    { id: "sand", name: "Sand", swatch: "#d8c4a0" },
  ],
  care: "Vacuum gently.",
  dataDate: "2026-09-01",
  panel: { widthMm: 600, heightMm: 600, thicknessMm: 24, mounting: "clips", fixingCentresMm: 300 },
};

const issuePaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join(".")) ?? [];

describe("product schema", () => {
  it("accepts a complete product and defaults flagship to false", () => {
    expect(ProductSchema.parse(product).flagship).toBe(false);
  });

  it("requires fire, environmental, finish and care data, naming each missing field", () => {
    const { fire: _f, environment: _e, finishes: _s, care: _c, dataDate: _d, ...without } = product;
    expect(issuePaths(ProductSchema.safeParse(without)).sort()).toEqual([
      "care",
      "dataDate",
      "environment",
      "finishes",
      "fire",
    ]);
  });

  it("takes EN 13501-1 classes only", () => {
    for (const reaction of ["A1", "A2-s1,d0", "B-s1,d0", "C-s3,d2", "D-s2,d1", "E", "E-d2", "F"]) {
      expect(ProductSchema.safeParse({ ...product, fire: { ...product.fire, reaction } }).success, reaction).toBe(true);
    }
    for (const reaction of ["B", "B-s4,d0", "A1-s1,d0", "Bfl-s1", "b-s1,d0", "B-s1, d0"]) {
      const result = ProductSchema.safeParse({ ...product, fire: { ...product.fire, reaction } });
      expect(issuePaths(result), reaction).toEqual(["fire.reaction"]);
      expect(result.error?.issues[0]?.message).toContain("EN 13501-1");
    }
  });

  it("takes an EPD with programme and number, or null for none yet; GWP and recycled share in range", () => {
    const epd = { programme: "EPD Norge", number: "NEPD-1-EN" };
    expect(ProductSchema.safeParse({ ...product, environment: { ...product.environment, epd } }).success).toBe(true);
    const bad = ProductSchema.safeParse({
      ...product,
      environment: { ...product.environment, epd: { programme: "" }, recycledContentPercent: 101, gwpA1A3: 500 },
    });
    expect(issuePaths(bad).sort()).toEqual([
      "environment.epd.number",
      "environment.epd.programme",
      "environment.gwpA1A3",
      "environment.recycledContentPercent",
    ]);
  });

  it("refuses a finish id used twice, a bad id and a swatch that is not a hex colour", () => {
    const twice = ProductSchema.safeParse({
      ...product,
      finishes: [
        { id: "moss", name: "Moss", swatch: "#667a4f" },
        { id: "moss", name: "Moss again", swatch: "#667a4f" },
      ],
    });
    expect(issuePaths(twice)).toEqual(["finishes.1.id"]);
    expect(twice.error?.issues[0]?.message).toBe('Finish id "moss" is used twice');
    const malformed = ProductSchema.safeParse({
      ...product,
      finishes: [{ id: "Sand Stone", name: "Sand", swatch: "tan" }],
    });
    expect(issuePaths(malformed).sort()).toEqual(["finishes.0.id", "finishes.0.swatch"]);
  });

  it("requires the standard panel size the calculator counts with", () => {
    const { panel: _, ...withoutPanel } = product;
    expect(issuePaths(ProductSchema.safeParse(withoutPanel))).toEqual(["panel"]);
    expect(
      issuePaths(ProductSchema.safeParse({ ...product, panel: { ...product.panel, widthMm: 600, heightMm: 12.5 } })),
    ).toEqual(["panel.heightMm"]);
    expect(issuePaths(ProductSchema.safeParse({ ...product, panel: { ...product.panel, mounting: "glue" } }))).toEqual([
      "panel.mounting",
    ]);
  });

  it("keeps the page's texts to the panel's numbers: every size, the thickness, the mounting depth", () => {
    const panel = { ...product.panel, thicknessMm: 25, otherSizes: [{ widthMm: 1200, heightMm: 600 }] };
    const result = ProductSchema.safeParse({
      ...product,
      panel,
      absorption: { ...product.absorption, mountingDepthMm: 45 },
    });
    expect(issuePaths(result)).toEqual([
      "specifications.dimensions",
      "specifications.thickness",
      "specifications.installation",
    ]);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "The dimensions do not name the size 1200 × 600 mm",
      "The thickness does not name 25 mm",
      "The installation does not name the mounting depth 45 mm",
    ]);
  });

  it("rejects an NRC that does not match the absorption bands, naming the field", () => {
    const result = ProductSchema.safeParse({ ...product, specifications: { ...product.specifications, nrc: 0.85 } });
    expect(issuePaths(result)).toEqual(["specifications.nrc"]);
    expect(result.error?.issues[0]?.message).toContain("0.75");
  });

  it("keeps NRC within 0.65-0.95", () => {
    const bands = { hz125: 0.1, hz250: 0.3, hz500: 0.5, hz1000: 0.6, hz2000: 0.6, hz4000: 0.5 };
    const result = ProductSchema.safeParse({
      ...product,
      specifications: { ...product.specifications, nrc: 0.5 },
      absorption: { mountingDepthMm: 0, bands },
    });
    expect(issuePaths(result)).toContain("specifications.nrc");
    expect(result.error?.issues[0]?.message).toBe("NRC must be between 0.65 and 0.95");
  });

  it("allows at most four images", () => {
    const image = product.images[0];
    const result = ProductSchema.safeParse({ ...product, images: [image, image, image, image, image] });
    expect(issuePaths(result)).toEqual(["images"]);
  });

  it("names a missing band and a misspelt field", () => {
    const { hz4000: _dropped, ...bands } = product.absorption.bands;
    expect(issuePaths(ProductSchema.safeParse({ ...product, absorption: { ...product.absorption, bands } }))).toEqual([
      "absorption.bands.hz4000",
    ]);
    expect(ProductSchema.safeParse({ ...product, featurs: [] }).error?.issues[0]?.code).toBe("unrecognized_keys");
  });
});

describe("learning schema", () => {
  const qa = {
    question: "What is reverberation?",
    answer: "The persistence of sound in a room after its source has stopped.",
  };
  const faq = {
    kind: "faq",
    order: 1,
    title: "Sound Absorbers",
    description: "How porous sound absorbers work, and where to place them in a room for best effect.",
    heading: "Sound Absorbers",
    intro: "Absorbers explained.",
    items: [qa, qa, qa, qa, qa],
  };

  it("accepts a page of five questions", () => {
    expect(LearningSchema.parse(faq).kind).toBe("faq");
  });

  it("rejects fewer than five or more than six questions", () => {
    expect(issuePaths(LearningSchema.safeParse({ ...faq, items: [qa, qa, qa, qa] }))).toEqual(["items"]);
    expect(issuePaths(LearningSchema.safeParse({ ...faq, items: Array(7).fill(qa) }))).toEqual(["items"]);
  });

  it("names an answer that is too short", () => {
    const result = LearningSchema.safeParse({ ...faq, items: [...faq.items.slice(1), { ...qa, answer: "Short." }] });
    expect(issuePaths(result)).toEqual(["items.4.answer"]);
  });
});

describe("space schema", () => {
  const space = {
    name: "Kitchen",
    order: 2,
    title: "Kitchen Acoustics",
    description: "Kitchen acoustics: typical problems, a target reverberation and how designer panels help.",
    summary: "Hard worktops and tiles make kitchens loud.",
    targetReverberation: { min: 0.4, max: 0.6, source: "DIN 18041" },
  };

  it("accepts a space with only the required fields and defaults the rest", () => {
    expect(SpaceSchema.parse(space)).toMatchObject({ aspects: {}, subPages: false });
  });

  it("rejects a target range whose minimum is not below its maximum", () => {
    const result = SpaceSchema.safeParse({ ...space, targetReverberation: { min: 0.8, max: 0.6, source: "x y z" } });
    expect(issuePaths(result)).toEqual(["targetReverberation.min"]);
  });

  it("rejects an unknown aspect", () => {
    const result = SpaceSchema.safeParse({ ...space, aspects: { lighting: { heading: "x", body: "y".repeat(50) } } });
    expect(result.success).toBe(false);
  });
});
