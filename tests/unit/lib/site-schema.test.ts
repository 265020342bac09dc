import { describe, expect, it } from "vitest";
import raw from "../../../content/site.json";
import { SiteSchema } from "../../../src/lib/site-schema";

describe("SiteSchema", () => {
  it("accepts the company details in content/site.json", () => {
    const site = SiteSchema.parse(raw);
    expect(site.slogan).toBe("Aesthetically Sound Solutions");
    expect(site.address.region).toBe("EU");
    expect(site.hours).toMatchObject({ timezone: "EET", weekdays: { days: "Mon-Fri", open: "9:00", close: "17:00" } });
  });

  it("names the field that is wrong", () => {
    const result = SiteSchema.safeParse({ ...raw, email: "not-an-email" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["email"]);
  });

  it("rejects a misspelt field instead of ignoring it", () => {
    const result = SiteSchema.safeParse({ ...raw, slogen: "typo" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
  });

  it("rejects an address outside the EU", () => {
    const result = SiteSchema.safeParse({ ...raw, address: { ...raw.address, region: "US" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["address", "region"]);
  });
});
