import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IFC4, IFCCOVERINGTYPE, IFCRELDECLARES, IfcAPI } from "web-ifc";
import { parse } from "yaml";
import { buildDate, expiryState } from "../../src/features/documents/expiry";
import { DXF_LAYERS } from "../../src/features/downloads/dxf";
import { PRODUCT_PSET } from "../../src/features/downloads/ifc";
import { type GeneratedKind, generatedHref } from "../../src/features/downloads/paths";
import { guidePdfHref } from "../../src/features/guides/paths";
import { readProductFiles } from "../../src/features/products/files";
import { panelSizes } from "../../src/features/products/schema";
import { LOCALES, localePath } from "../../src/i18n/locales";
import { builtPages, distDir, sitemapPaths } from "../support/dist";
import { parseDxf } from "../support/dxf-svg";
import { ifc4SchemaErrors } from "../support/ifc4-schema";
import { pageJavaScript } from "../support/page-assets";

// Every product's BIM object and drawing, as built, read back by libraries (web-ifc, dxf-parser):
// their values are the product page's own, and the site serves them as attachments of their type.

const products = await readProductFiles();
/** The certificates and declarations editors uploaded, as their files say. */
const uploaded = readdirSync("content/documents")
  .filter((name) => name.endsWith(".mdx"))
  .map(
    (name) =>
      parse(readFileSync(join("content/documents", name), "utf8").split(/^---$/m)[1] ?? "") as {
        products: string[];
        file: string;
        validUntil?: string;
      },
  );
const pages = new Map(builtPages().map((page) => [page.route, page.html]));
const file = (slug: string, kind: GeneratedKind) => readFileSync(join(distDir, generatedHref(slug, kind)));

/** The figures the product page states in its structured data, by their names there. */
function pageFigures(slug: string): Map<string, unknown> {
  const html = pages.get(`/products/${slug}`) ?? "";
  const product = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
    .map(
      ([, json]) =>
        JSON.parse(json ?? "{}") as { "@type": string; additionalProperty?: { name: string; value: unknown }[] },
    )
    .find((data) => data["@type"] === "Product");
  return new Map((product?.additionalProperty ?? []).map(({ name, value }) => [name, value]));
}

const ifc = new IfcAPI();
beforeAll(async () => {
  await ifc.Init();
});
afterAll(() => ifc.Dispose());

/** An IFC value as web-ifc reads it (a wrapped value, or a plain one). */
const plain = (value: unknown) => (value && typeof value === "object" && "value" in value ? value.value : value);

/** A covering type's property sets (read flattened), each as a map of its properties' values. */
function propertySets(type: IFC4.IfcCoveringType): Map<string, Map<string, unknown>> {
  const sets = (type.HasPropertySets ?? []) as unknown as {
    Name: { value: string };
    HasProperties: { Name: { value: string }; NominalValue: unknown }[];
  }[];
  return new Map(
    sets.map((set) => [
      set.Name.value,
      new Map(set.HasProperties.map((property) => [property.Name.value, plain(property.NominalValue)])),
    ]),
  );
}

describe("the BIM object of each product (IFC4)", () => {
  it.each(products.map((p) => [p.id, p.data] as const))(
    "%s: one covering type per size, with the page's values",
    (slug, product) => {
      const model = ifc.OpenModel(new Uint8Array(file(slug, "ifc")));
      try {
        expect(ifc.GetModelSchema(model)).toBe("IFC4");
        const ids = ifc.GetLineIDsWithType(model, IFCCOVERINGTYPE);
        const types = Array.from(
          { length: ids.size() },
          (_, i) => ifc.GetLine(model, ids.get(i), true) as IFC4.IfcCoveringType,
        );
        const sizes = panelSizes(product.panel);
        expect(types).toHaveLength(sizes.length);
        const declared = ifc.GetLineIDsWithType(model, IFCRELDECLARES);
        expect(declared.size()).toBe(1);
        const page = pageFigures(slug);
        const html = pages.get(`/products/${slug}`) ?? "";
        for (const [index, type] of types.entries()) {
          const { widthMm, heightMm } = sizes[index] ?? { widthMm: 0, heightMm: 0 };
          expect(plain(type.PredefinedType)).toBe("CLADDING");
          // The solid: the panel's face extruded by its thickness, the sizes the page names.
          const map = type.RepresentationMaps?.[0] as unknown as {
            MappedRepresentation: { Items: IFC4.IfcExtrudedAreaSolid[] };
          };
          const solid = map.MappedRepresentation.Items[0] as unknown as {
            Depth: { value: number };
            SweptArea: { XDim: { value: number }; YDim: { value: number } };
          };
          expect([solid.SweptArea.XDim.value, solid.SweptArea.YDim.value]).toEqual([widthMm, heightMm]);
          expect(solid.Depth.value).toBe(product.panel.thicknessMm);
          expect(html).toContain(`${widthMm} × ${heightMm} mm`);
          expect(html).toContain(`${product.panel.thicknessMm} mm`);

          const sets = propertySets(type);
          const own = sets.get(PRODUCT_PSET);
          expect(own?.get("NRC")).toBe(page.get("Noise Reduction Coefficient (NRC)"));
          expect(own?.get("AlphaW")).toBe(page.get("Weighted sound absorption coefficient (αw)"));
          expect(own?.get("AbsorptionClass")).toBe(page.get("Sound absorption class (ISO 11654)"));
          expect(own?.get("GWP_A1_A3")).toBe(page.get("Global warming potential, modules A1-A3 (EN 15804)"));
          expect(own?.get("RecycledContent")).toBe(page.get("Recycled content"));
          expect(own?.get("MountingDepth")).toBe(product.absorption.mountingDepthMm);
          expect(html).toContain(`${product.absorption.mountingDepthMm} mm`);
          expect(own?.get("Alpha500Hz")).toBe(product.absorption.bands["500"]);
          expect(own?.get("Finishes")).toBe(product.finishes.map((f) => f.name).join(", "));
          expect(sets.get("Pset_CoveringCommon")?.get("FireRating")).toBe(page.get("Reaction to fire (EN 13501-1)"));
          expect(sets.get("Pset_ManufacturerTypeInformation")?.get("Manufacturer")).toBe("Aural Acoustics OÜ");
        }
      } finally {
        ifc.CloseModel(model);
      }
    },
  );

  it("is valid IFC4 by the schema's attribute declarations (IFC4 ADD2 TC1), and the check finds what is not", () => {
    for (const { id } of products) expect(ifc4SchemaErrors(file(id, "ifc").toString("latin1")), id).toEqual([]);
    const felt = file("felt-panels", "ifc").toString("latin1");
    const broken = [
      felt.replace(".CLADDING.", ".CLADDINGX."),
      felt.replace("IFCSIUNIT(*,.LENGTHUNIT.,", "IFCSIUNIT(.LENGTHUNIT.,"),
      felt.replace(/IFCREAL\(0\.75\)/, "IFCURIREFERENCE('https://aural.example')"),
      felt.replace("IFCPROPERTYSET(", "IFCPROPERTYSETT("),
    ];
    for (const copy of broken) expect(ifc4SchemaErrors(copy).length).toBeGreaterThan(0);
  });

  it("keeps each type's GlobalId from build to build", () => {
    const text = file("felt-panels", "ifc").toString("utf8");
    expect(text).toContain("IFCCOVERINGTYPE('2LUzCDcdAOQN$vCAub_8TZ'");
  });
});

describe("the drawing of each product (DXF)", () => {
  it.each(products.map((p) => [p.id, p.data] as const))(
    "%s: front view and section of each size, in mm, on named layers",
    (slug, product) => {
      const drawing = parseDxf(file(slug, "dxf").toString("utf8"));
      expect(drawing.header.$INSUNITS).toBe(4);
      expect(Object.keys(drawing.tables.layer.layers)).toEqual(expect.arrayContaining(Object.values(DXF_LAYERS)));
      const layers = new Set(drawing.entities.map((entity) => entity.layer));
      expect([...layers].sort()).toEqual(Object.values(DXF_LAYERS).sort());
      const texts = drawing.entities.filter((entity) => entity.type === "TEXT").map((entity) => entity.text);
      const depth = product.absorption.mountingDepthMm;
      for (const { widthMm, heightMm } of panelSizes(product.panel)) {
        expect(texts).toContain(
          `${product.name} ${widthMm} × ${heightMm} × ${product.panel.thicknessMm} mm: front view`,
        );
        expect(texts).toEqual(expect.arrayContaining([String(widthMm), String(heightMm)]));
      }
      expect(texts).toEqual(
        expect.arrayContaining([
          String(product.panel.thicknessMm),
          String(depth),
          String(depth + product.panel.thicknessMm),
        ]),
      );
      // The panel in section stands its mounting depth off the wall.
      const panelLines = drawing.entities.filter(
        (entity) => entity.layer === DXF_LAYERS.panel && entity.type === "LINE",
      );
      const wallX = Math.min(
        ...drawing.entities
          .filter((e) => e.layer === DXF_LAYERS.wall)
          .flatMap((e) => (e.vertices ?? []).map((v) => v.x)),
      );
      expect(
        panelLines.some((line) => (line.vertices ?? []).every((v) => Math.abs(v.x - (wallX + 60 + depth)) < 1e-6)),
      ).toBe(true);
    },
  );
});

describe("all documents of a product in one zip", () => {
  it.each(products.map((p) => [p.id] as const))(
    "%s: the datasheet and the installation guide in each language, the BIM object and the drawing, as served",
    (slug) => {
      const entries = unzipSync(new Uint8Array(file(slug, "zip")));
      const served = (path: string) => new Uint8Array(readFileSync(join(distDir, path)));
      const method = products.find((p) => p.id === slug)?.data.panel.mounting ?? "";
      const guide = (locale: string) => `${method}-installation-guide-${locale}.pdf`;
      const valid = uploaded.filter(
        (doc) => doc.products.includes(slug) && expiryState(doc.validUntil, buildDate()) !== "expired",
      );
      expect(Object.keys(entries).sort()).toEqual(
        [
          `${slug}.dxf`,
          `${slug}.ifc`,
          ...LOCALES.map((locale) => `${slug}-datasheet-${locale}.pdf`),
          ...LOCALES.map(guide),
          ...valid.map((doc) => basename(doc.file)),
        ].sort(),
      );
      for (const doc of valid) {
        expect(entries[basename(doc.file)]).toEqual(new Uint8Array(readFileSync(join("content/documents", doc.file))));
      }
      for (const locale of LOCALES) {
        expect(entries[guide(locale)]).toEqual(served(localePath(locale, guidePdfHref(method))));
      }
      expect(entries[`${slug}.ifc`]).toEqual(served(generatedHref(slug, "ifc")));
      expect(entries[`${slug}.dxf`]).toEqual(served(generatedHref(slug, "dxf")));
      for (const locale of LOCALES) {
        expect(entries[`${slug}-datasheet-${locale}.pdf`]).toEqual(
          served(`${localePath(locale, `/products/${slug}`)}/datasheet.pdf`),
        );
      }
    },
  );
});

describe("the generated files as the site serves them", () => {
  it("are made at build only: nothing of the IFC or DXF writers reaches a visitor's browser", () => {
    const assets = readdirSync(join(distDir, "_astro"));
    expect(assets.filter((name) => name.endsWith(".wasm"))).toEqual([]);
    const scripts = assets.filter((name) => name.endsWith(".js"));
    for (const name of scripts) {
      expect(readFileSync(join(distDir, "_astro", name), "utf8"), name).not.toMatch(/web-ifc|IfcAPI|DxfWriter/);
    }
  });

  it("are attachments of their own type, named for the file", () => {
    const headers = readFileSync(join(distDir, "_headers"), "utf8");
    for (const { id } of products) {
      expect(headers).toContain(
        `${generatedHref(id, "ifc")}\n  Content-Type: application/x-step\n  Content-Disposition: attachment; filename="${id}.ifc"`,
      );
      expect(headers).toContain(
        `${generatedHref(id, "dxf")}\n  Content-Type: image/vnd.dxf\n  Content-Disposition: attachment; filename="${id}.dxf"`,
      );
      expect(headers).toContain(
        `${generatedHref(id, "zip")}\n  Content-Type: application/zip\n  Content-Disposition: attachment; filename="${id}-documents.zip"`,
      );
      // A datasheet's address ends in the same name for every product: it is saved under one that says which.
      for (const locale of LOCALES) {
        expect(headers).toContain(
          `${localePath(locale, `/products/${id}`)}/datasheet.pdf\n  Content-Type: application/pdf\n  Content-Disposition: attachment; filename="${id}-datasheet-${locale}.pdf"`,
        );
      }
    }
  });
});

describe("the document library at /downloads", () => {
  const library = (locale: (typeof LOCALES)[number]) => pages.get(localePath(locale, "/downloads")) ?? "";

  it("lists every document of every product in every language, by product and by type, without JavaScript", () => {
    for (const locale of LOCALES) {
      const html = library(locale);
      expect(html, locale).not.toBe("");
      for (const { id, data } of products) {
        const hrefs = [
          ...LOCALES.map((language) => `${localePath(language, `/products/${id}`)}/datasheet.pdf`),
          ...LOCALES.map((language) => localePath(language, guidePdfHref(data.panel.mounting))),
          ...(["ifc", "dxf", "zip"] as const).map((kind) => generatedHref(id, kind)),
        ];
        for (const href of hrefs) {
          // Once in its product's table, once in its type's list.
          expect(html.split(`href="${href}"`).length - 1, `${locale} ${href}`).toBe(2);
        }
        expect(html).toContain(`<section id="${id}"`);
      }
      // The filters are a form the script shows; without it, the lists are the page.
      expect(html).toMatch(/<form data-document-filters hidden/);
    }
  });

  it("describes its files as structured data, and is in the sitemap in every language", () => {
    const data = [...library("en").matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map(
        ([, json]) =>
          JSON.parse(json ?? "{}") as { "@type": string; hasPart?: { url: string; encodingFormat: string }[] },
      )
      .find((entry) => entry["@type"] === "CollectionPage");
    // Per product: the datasheet and the installation guide in four languages, the IFC, the DXF and the
    // zip; and each uploaded document under each product it covers.
    expect(data?.hasPart).toHaveLength(products.length * 11 + uploaded.reduce((n, doc) => n + doc.products.length, 0));
    expect(data?.hasPart?.map((part) => part.encodingFormat)).toEqual(
      expect.arrayContaining(["application/x-step", "image/vnd.dxf"]),
    );
    const listed = sitemapPaths();
    for (const locale of LOCALES) expect(listed).toContain(localePath(locale, "/downloads"));
  });

  it("loads at most 3 KB (gzip) of script for its filters, beyond what every page loads", () => {
    const own = pageJavaScript(library("en"));
    const common = pageJavaScript(pages.get("/about") ?? "");
    expect(own.gzip - common.gzip).toBeGreaterThan(200);
    expect(own.gzip - common.gzip).toBeLessThanOrEqual(3 * 1024);
  });
});
