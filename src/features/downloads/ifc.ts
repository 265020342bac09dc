/**
 * A product's BIM object: an IFC4 file (ISO 16739-1) written with web-ifc at build time. Each
 * standard panel size is an IfcCoveringType of predefined type CLADDING (a covering fixed to the face
 * of a wall), with an extruded solid of the panel's size and thickness, the common covering property
 * set, the manufacturer's type information and a property set of our own with the acoustic and
 * environmental figures the product page shows, and a document reference to the product page. The types are declared by the file's project, as a
 * type library is: a designer places them in a model of their own.
 */
import { createHash } from "node:crypto";
import { IFC4, IfcAPI, Schemas } from "web-ifc";
import { OCTAVE_BANDS, weightedAbsorption } from "../../lib/absorption-ratings";
import type { Product } from "../products/schema";
import { panelSizes } from "../products/schema";

/** What the file says of the product and its maker. */
export interface IfcSource {
  slug: string;
  product: Omit<Product, "images">;
  /** The product page's address. */
  url: string;
  manufacturer: string;
}

/** Our own property set's name. */
export const PRODUCT_PSET = "AuralAcoustics_AcousticPanel";

const GUID_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$";

/**
 * A GlobalId that stays the same from build to build for the same product and element, so that a
 * model that imported the file recognises the types when it imports a newer one: 128 bits of a hash
 * in IFC's 22-character base 64.
 */
export function stableGlobalId(name: string): string {
  let value = BigInt(`0x${createHash("sha256").update(name).digest("hex").slice(0, 32)}`);
  let out = "";
  for (let i = 0; i < 22; i++) {
    out = (GUID_DIGITS[Number(value % 64n)] ?? "0") + out;
    value /= 64n;
  }
  return out;
}

const length = (value: number) => new IFC4.IfcLengthMeasure(value);
const point3 = (x: number, y: number, z: number) => new IFC4.IfcCartesianPoint([length(x), length(y), length(z)]);
const direction = (...ratios: number[]) => new IFC4.IfcDirection(ratios.map((r) => new IFC4.IfcReal(r)));
const placement3 = () => new IFC4.IfcAxis2Placement3D(point3(0, 0, 0), null, null);

const single = (name: string, value: IFC4.IfcValue, description: string | null = null) =>
  new IFC4.IfcPropertySingleValue(
    new IFC4.IfcIdentifier(name),
    description === null ? null : new IFC4.IfcText(description),
    value,
    null,
  );

/** The properties of one panel type, by property set. */
function propertySets(source: IfcSource, typeName: string): { name: string; properties: IFC4.IfcProperty[] }[] {
  const { product } = source;
  const rating = weightedAbsorption(product.absorption.bands);
  return [
    {
      name: "Pset_CoveringCommon",
      properties: [
        single("AcousticRating", new IFC4.IfcLabel(`${rating.label}, class ${rating.absorptionClass}`)),
        single("FireRating", new IFC4.IfcLabel(product.fire.reaction)),
      ],
    },
    {
      name: "Pset_ManufacturerTypeInformation",
      properties: [
        single("Manufacturer", new IFC4.IfcLabel(source.manufacturer)),
        single("ModelLabel", new IFC4.IfcLabel(typeName)),
        single("ModelReference", new IFC4.IfcLabel(source.slug)),
      ],
    },
    {
      name: PRODUCT_PSET,
      properties: [
        single("NRC", new IFC4.IfcReal(product.specifications.nrc)),
        single("AlphaW", new IFC4.IfcReal(rating.alphaW), "Weighted sound absorption coefficient, EN ISO 11654"),
        single("AbsorptionClass", new IFC4.IfcLabel(rating.absorptionClass)),
        ...OCTAVE_BANDS.map((band) =>
          single(`Alpha${band}Hz`, new IFC4.IfcReal(product.absorption.bands[`${band}`]), "αs, ISO 354"),
        ),
        single(
          "MountingDepth",
          new IFC4.IfcPositiveLengthMeasure(product.absorption.mountingDepthMm),
          "Air gap behind the panel, mm",
        ),
        single("Mounting", new IFC4.IfcLabel(product.panel.mounting)),
        single("GWP_A1_A3", new IFC4.IfcReal(product.environment.gwpA1A3), "kg CO2e per m², EN 15804+A2"),
        single("RecycledContent", new IFC4.IfcReal(product.environment.recycledContentPercent), "% by weight"),
        single("Finishes", new IFC4.IfcText(product.finishes.map((finish) => finish.name).join(", "))),
        single("DataSource", new IFC4.IfcText(`${product.fire.source}. ${product.environment.source}.`)),
      ],
    },
  ];
}

/** The solid of one panel: its face in the XY plane, extruded by its thickness along Z. */
function panelShape(context: IFC4.IfcGeometricRepresentationSubContext, width: number, height: number, depth: number) {
  const profile = new IFC4.IfcRectangleProfileDef(
    IFC4.IfcProfileTypeEnum.AREA,
    new IFC4.IfcLabel(`${width} × ${height} mm`),
    new IFC4.IfcAxis2Placement2D(new IFC4.IfcCartesianPoint([length(width / 2), length(height / 2)]), null),
    new IFC4.IfcPositiveLengthMeasure(width),
    new IFC4.IfcPositiveLengthMeasure(height),
  );
  const solid = new IFC4.IfcExtrudedAreaSolid(
    profile,
    placement3(),
    direction(0, 0, 1),
    new IFC4.IfcPositiveLengthMeasure(depth),
  );
  const shape = new IFC4.IfcShapeRepresentation(context, new IFC4.IfcLabel("Body"), new IFC4.IfcLabel("SweptSolid"), [
    solid,
  ]);
  return new IFC4.IfcRepresentationMap(placement3(), shape);
}

/** The project's units: millimetres, square and cubic metres, radians. */
const units = () =>
  new IFC4.IfcUnitAssignment([
    new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.LENGTHUNIT, IFC4.IfcSIPrefix.MILLI, IFC4.IfcSIUnitName.METRE),
    new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.AREAUNIT, null, IFC4.IfcSIUnitName.SQUARE_METRE),
    new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.VOLUMEUNIT, null, IFC4.IfcSIUnitName.CUBIC_METRE),
    new IFC4.IfcSIUnit(IFC4.IfcUnitEnum.PLANEANGLEUNIT, null, IFC4.IfcSIUnitName.RADIAN),
  ]);

let api: Promise<IfcAPI> | undefined;
/** web-ifc's engine, started once per build. */
function engine(): Promise<IfcAPI> {
  api ??= (async () => {
    const started = new IfcAPI();
    await started.Init();
    return started;
  })();
  return api;
}

/** The product's IFC file. */
export async function productIfc(source: IfcSource): Promise<Uint8Array<ArrayBuffer>> {
  const ifc = await engine();
  const { product, slug } = source;
  const model = ifc.CreateModel({
    schema: Schemas.IFC4,
    name: `${slug}.ifc`,
    description: ["ViewDefinition [DesignTransferView]"],
    authors: [source.manufacturer],
    organizations: [source.manufacturer],
    authorization: "none",
  });
  const id = (name: string) => new IFC4.IfcGloballyUniqueId(stableGlobalId(`${slug}/${name}`));
  const write = (line: Parameters<IfcAPI["WriteLine"]>[1]) => ifc.WriteLine(model, line);

  const context = new IFC4.IfcGeometricRepresentationContext(
    new IFC4.IfcLabel("Model"),
    new IFC4.IfcLabel("Model"),
    new IFC4.IfcDimensionCount(3),
    new IFC4.IfcReal(1e-5),
    placement3(),
    direction(0, 1, 0),
  );
  const body = new IFC4.IfcGeometricRepresentationSubContext(
    new IFC4.IfcLabel("Body"),
    new IFC4.IfcLabel("Model"),
    context,
    null,
    IFC4.IfcGeometricProjectionEnum.MODEL_VIEW,
    null,
  );
  const project = new IFC4.IfcProject(
    id("project"),
    null,
    new IFC4.IfcLabel(`${product.name} (${source.manufacturer})`),
    new IFC4.IfcText(product.description),
    null,
    null,
    null,
    [context],
    units(),
  );
  write(project);
  write(body);

  const types = panelSizes(product.panel).map(({ widthMm, heightMm }) => {
    const name = `${product.name} ${widthMm} × ${heightMm} × ${product.panel.thicknessMm} mm`;
    const key = `type/${widthMm}x${heightMm}`;
    const psets = propertySets(source, name).map(
      (set) =>
        new IFC4.IfcPropertySet(id(`${key}/${set.name}`), null, new IFC4.IfcLabel(set.name), null, set.properties),
    );
    const type = new IFC4.IfcCoveringType(
      id(key),
      null,
      new IFC4.IfcLabel(name),
      new IFC4.IfcText(product.tagline),
      null,
      psets,
      [panelShape(body, widthMm, heightMm, product.panel.thicknessMm)],
      new IFC4.IfcLabel(`${slug}-${widthMm}x${heightMm}`),
      new IFC4.IfcLabel("Acoustic wall panel"),
      IFC4.IfcCoveringTypeEnum.CLADDING,
    );
    write(type);
    return type;
  });
  write(new IFC4.IfcRelDeclares(id("declares"), null, new IFC4.IfcLabel("Panel types"), null, project, types));
  const bytes = new Uint8Array(ifc.SaveModel(model));
  ifc.CloseModel(model);
  return bytes;
}
