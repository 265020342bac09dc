import { describe, expect, it } from "vitest";
import { finishOptions } from "../../../../src/features/samples/catalogue";
import { fromFormPost, sampleFieldErrors, sampleRequestSchema } from "../../../../src/features/samples/schema";
import { en } from "../../../../src/i18n/dictionaries/en";
import { countryName, SHIPPING_COUNTRIES } from "../../../../src/lib/countries";

const SampleRequestSchema = sampleRequestSchema({ ...en.forms.validation, ...en.samples.form });

const valid = {
  name: "Liisa Kask",
  email: "liisa@example.fi",
  company: "",
  phone: "",
  address: { street: "Mannerheimintie 12", postal_code: "00100", city: "Helsinki", country: "FI" },
  finishes: ["felt-panels/moss"],
  website: "",
};

describe("sample request schema", () => {
  it("cleans the fields like the contact form and reads empty optional ones as null", () => {
    const parsed = SampleRequestSchema.parse({ ...valid, name: "  Liisa\u200b Kask ", company: " " });
    expect(parsed.name).toBe("Liisa\u200b Kask");
    expect(parsed.company).toBeNull();
    expect(parsed.phone).toBeNull();
  });

  it("ships to the eight Nordic and Baltic countries only", () => {
    expect(SHIPPING_COUNTRIES.map((c) => c.code)).toEqual(["EE", "LV", "LT", "FI", "SE", "NO", "DK", "IS"]);
    expect(countryName("IS")).toBe("Iceland");
    for (const country of ["DE", "fi", ""]) {
      const result = SampleRequestSchema.safeParse({ ...valid, address: { ...valid.address, country } });
      expect(result.success ? {} : sampleFieldErrors(result.error)).toEqual({
        "address.country": "Choose a country we send samples to",
      });
    }
  });

  it("takes one to four distinct finish keys", () => {
    const errorsFor = (finishes: unknown) => {
      const result = SampleRequestSchema.safeParse({ ...valid, finishes });
      return result.success ? {} : sampleFieldErrors(result.error);
    };
    expect(errorsFor(["a/b", "a/c", "b/d", "c/e"])).toEqual({});
    expect(errorsFor([])).toEqual({ finishes: "Choose between 1 and 4 finishes" });
    expect(errorsFor(["a/b", "a/c", "b/d", "c/e", "d/f"])).toEqual({ finishes: "Choose between 1 and 4 finishes" });
    expect(errorsFor(["a/b", "a/b"])).toEqual({ finishes: "Choose each finish once" });
    expect(errorsFor(["Moss"])).toEqual({ finishes: "Unknown finish" });
    expect(errorsFor("a/b")).toEqual({ finishes: "Choose between 1 and 4 finishes" });
  });

  it("reads a native form post into the JSON shape, one finish per ticked box", () => {
    const form = new URLSearchParams("name=A&email=a%40b.ee&street=Pikk+1&postal_code=10123&city=Tallinn&country=EE");
    form.append("finishes", "felt-panels/moss");
    form.append("finishes", "felt-panels/sand");
    expect(fromFormPost(form)).toEqual({
      name: "A",
      email: "a@b.ee",
      company: undefined,
      phone: undefined,
      address: { street: "Pikk 1", postal_code: "10123", city: "Tallinn", country: "EE" },
      finishes: ["felt-panels/moss", "felt-panels/sand"],
      website: undefined,
    });
  });
});

describe("finish options", () => {
  it("keys each product's finishes product/finish, in product order", () => {
    const options = finishOptions([
      { id: "felt-panels", data: { name: "Felt Panels", finishes: [{ id: "moss", name: "Moss", swatch: "#667a4f" }] } },
      {
        id: "grooved-panels",
        data: { name: "Grooved Panels", finishes: [{ id: "ash-white", name: "Ash", swatch: "#eeeeee" }] },
      },
    ]);
    expect(options.map((o) => o.key)).toEqual(["felt-panels/moss", "grooved-panels/ash-white"]);
    expect(options[0]).toEqual({
      key: "felt-panels/moss",
      product: "felt-panels",
      productName: "Felt Panels",
      name: "Moss",
      swatch: "#667a4f",
    });
  });
});
