import { describe, expect, it } from "vitest";
import { AboutPageSchema, HomePageSchema, PageSchema } from "../../../../src/features/site-pages/schema";

const card = { title: "Superior Sound Control", text: "Measured absorption." };
const home = {
  template: "home",
  title: "Designer Acoustic Wall Panels",
  description: "Acoustic wall panels designed and made in Estonia for offices, studios and homes.",
  hero: { eyebrow: "Made in Estonia", heading: "Aesthetically Sound Solutions", lead: "Calm rooms." },
  whyChoose: { heading: "Why", intro: "Because.", cards: [card, card, card] },
  closing: { heading: "Get Started Today", text: "Talk to us." },
};

describe("page schemas", () => {
  it("accepts a complete home page", () => {
    expect(HomePageSchema.parse(home).whyChoose.cards).toHaveLength(3);
    expect(PageSchema.parse(home).template).toBe("home");
  });

  it("requires exactly three cards on the home page", () => {
    const result = HomePageSchema.safeParse({ ...home, whyChoose: { ...home.whyChoose, cards: [card, card] } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.slice(0, 2)).toEqual(["whyChoose", "cards"]);
  });

  it("names a missing field", () => {
    const { hero: _hero, ...withoutHero } = home;
    const result = HomePageSchema.safeParse(withoutHero);
    expect(result.error?.issues[0]?.path).toEqual(["hero"]);
  });

  it("rejects a misspelt field", () => {
    const result = HomePageSchema.safeParse({ ...home, descripton: "typo" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
  });

  it("keeps descriptions within what search engines show", () => {
    const result = HomePageSchema.safeParse({ ...home, description: "Too short." });
    expect(result.error?.issues[0]?.path).toEqual(["description"]);
  });

  it("requires four values and three areas of expertise on the about page", () => {
    const about = {
      template: "about",
      title: "About Us",
      description: "The story, values and expertise behind an Estonian maker of acoustic panels.",
      heading: "Quiet rooms",
      lead: "We are a small team.",
      values: [card, card, card, card],
      expertise: [card, card, card],
    };
    expect(AboutPageSchema.parse(about).values).toHaveLength(4);
    expect(AboutPageSchema.safeParse({ ...about, values: [card] }).success).toBe(false);
  });
});
