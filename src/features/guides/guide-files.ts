/**
 * The guides as the site publishes them: each guide's page data and its PDF in each language, made
 * once per build from the guide's words and the data of the products it applies to.
 */
import { dictionary } from "../../i18n/dictionary";
import { LOCALE_INFO, type Locale, localePath } from "../../i18n/locales";
import { pdfFonts } from "../../lib/pdf/assets";
import { companyDetails } from "../../lib/site";
import { type ProductEntry, products } from "../products/content";
import { panelSizes } from "../products/schema";
import type { GuideEntry } from "./content";
import { setOut } from "./drawing";
import { type GuidePanel, guidePdf, type PanelDrawing } from "./guide-pdf";
import { guideHref } from "./paths";

/** The products mounted by `method`, in the language given, in menu order. */
export async function guideProducts(method: string, locale: Locale): Promise<ProductEntry[]> {
  return (await products(locale)).filter((product) => product.data.panel.mounting === method);
}

/** A panel's set-out as the guide's page and PDF list it: label and value, in the guide's language. */
export function setOutRows(product: ProductEntry, locale: Locale): GuidePanel["rows"] {
  const l = dictionary(locale).guides;
  const number = new Intl.NumberFormat(LOCALE_INFO[locale].intl, { maximumFractionDigits: 1 });
  const mm = (value: number) => `${number.format(value)} mm`;
  const panel = product.data.panel;
  return [
    [
      l.sizes,
      panelSizes(panel)
        .map((size) => `${size.widthMm} × ${size.heightMm} mm`)
        .join(", "),
    ],
    [l.thickness, mm(panel.thicknessMm)],
    [l.depth, mm(product.data.absorption.mountingDepthMm)],
    [l.centres, mm(panel.fixingCentresMm)],
    [l.perPanel, l.perPanelValue(setOut(panel).perPanel, `${panel.widthMm} × ${panel.heightMm} mm`)],
  ];
}

/** What the PDF's drawing of a panel shows, its labels in the guide's language. */
function panelDrawing(product: ProductEntry, locale: Locale): PanelDrawing {
  const g = dictionary(locale).guides.drawing;
  const number = new Intl.NumberFormat(LOCALE_INFO[locale].intl, { maximumFractionDigits: 1 });
  const mm = (value: number) => `${number.format(value)} mm`;
  const panel = product.data.panel;
  const plan = setOut(panel);
  const depthMm = product.data.absorption.mountingDepthMm;
  return {
    plan,
    thicknessMm: panel.thicknessMm,
    depthMm,
    labels: {
      width: mm(plan.widthMm),
      height: mm(plan.heightMm),
      depth: mm(depthMm),
      front: g.front,
      section: g.section,
      thickness: g.thickness(mm(panel.thicknessMm)),
      depthLabel: g.depth,
      fixings: g.fixings(plan.perPanel, mm(panel.fixingCentresMm)),
      alt: `${g.title(product.data.name, mm(plan.widthMm), mm(plan.heightMm))}. ${g.fixings(plan.perPanel, mm(panel.fixingCentresMm))}; ${g.depth} ${mm(depthMm)}; ${g.thickness(mm(panel.thicknessMm))}.`,
    },
  };
}

/** The date of the newest data the guide's numbers come from. */
function newestDate(guide: GuideEntry, mounted: ProductEntry[]): string {
  const newest = mounted
    .map((product) => product.data.dataDate)
    .sort()
    .at(-1);
  if (!newest) throw new Error(`content/guides/${guide.id}.mdx: no product is mounted with ${guide.id}`);
  return newest;
}

async function generate(guide: GuideEntry): Promise<Uint8Array<ArrayBuffer>> {
  const locale = guide.locale;
  const [company, fonts, mounted] = await Promise.all([
    companyDetails(locale),
    pdfFonts(),
    guideProducts(guide.id, locale),
  ]);
  return guidePdf({
    guide: guide.data,
    panels: mounted.map((product) => ({
      name: product.data.name,
      rows: setOutRows(product, locale),
      drawing: panelDrawing(product, locale),
    })),
    company,
    fonts,
    texts: dictionary(locale).guides,
    language: { tag: LOCALE_INFO[locale].intl, intl: LOCALE_INFO[locale].intl },
    date: newestDate(guide, mounted),
    url: new URL(localePath(locale, guideHref(guide.id)), import.meta.env.SITE).href,
  });
}

const made = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The guide's PDF in its language, made on first use. */
export function guidePdfBytes(guide: GuideEntry): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${guide.locale}/${guide.id}`;
  let bytes = made.get(key);
  if (!bytes) {
    bytes = generate(guide);
    made.set(key, bytes);
  }
  return bytes;
}
