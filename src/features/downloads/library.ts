/**
 * The document library: every document of every product, as /downloads lists it, each with its
 * type, language, size and date: the generated ones (the datasheet and the installation guide in each
 * language, the BIM object, the drawing and the zip of all of them), dated with the product's data,
 * and the certificates and declarations editors upload, dated with their issue, with their state.
 */
import { LOCALES, type Locale, localePath } from "../../i18n/locales";
import { datasheetBytes, datasheetHref } from "../datasheet/product-datasheet";
import { productCertificates } from "../documents/content";
import type { ExpiryState } from "../documents/expiry";
import { CERTIFICATE_TYPES, type CertificateType } from "../documents/schema";
import { guidePages } from "../guides/content";
import { guidePdfBytes } from "../guides/guide-files";
import { guidePdfHref } from "../guides/paths";
import { products } from "../products/content";
import { GENERATED_KINDS, generatedHref } from "./paths";
import { generatedSize } from "./product-files";

export const DOCUMENT_TYPES = ["datasheet", "guide", ...CERTIFICATE_TYPES, ...GENERATED_KINDS] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface LibraryDocument {
  product: string;
  type: DocumentType;
  /** The document's language; null for a file in no language (a model, a drawing, a zip of several). */
  language: Locale | null;
  href: string;
  bytes: number;
  /** YYYY-MM-DD. */
  date: string;
  /** The MIME type it is served with. */
  mediaType: string;
  /** An uploaded certificate's own details and its state on the build's day. */
  certificate?: {
    language: string;
    title: string;
    issuer: string;
    number: string;
    validUntil: string | undefined;
    state: ExpiryState;
    illustrative: boolean;
  };
}

const MEDIA_TYPES: Record<DocumentType, string> = {
  datasheet: "application/pdf",
  guide: "application/pdf",
  ...(Object.fromEntries(CERTIFICATE_TYPES.map((type) => [type, "application/pdf"])) as Record<
    CertificateType,
    string
  >),
  ifc: "application/x-step",
  dxf: "image/vnd.dxf",
  zip: "application/zip",
};

/** Every product's documents, grouped by product in menu order, each product's datasheets first. */
export async function libraryDocuments(): Promise<Map<string, LibraryDocument[]>> {
  const english = await products("en");
  const localized = new Map(
    await Promise.all(LOCALES.map(async (locale) => [locale, await products(locale)] as const)),
  );
  const entries = await Promise.all(
    english.map(async (product) => {
      const date = product.data.dataDate;
      const datasheets = await Promise.all(
        LOCALES.map(async (locale): Promise<LibraryDocument> => {
          const entry = localized.get(locale)?.find((other) => other.id === product.id) ?? product;
          const bytes = (await datasheetBytes(entry)).byteLength;
          const href = localePath(locale, datasheetHref(product.id));
          return {
            product: product.id,
            type: "datasheet",
            language: locale,
            href,
            bytes,
            date,
            mediaType: MEDIA_TYPES.datasheet,
          };
        }),
      );
      const guides = await Promise.all(
        LOCALES.map(async (locale): Promise<LibraryDocument> => {
          const method = product.data.panel.mounting;
          const guide = (await guidePages(locale)).find((entry) => entry.id === method);
          if (!guide) throw new Error(`${product.id} is mounted with ${method}, which has no ${locale} guide`);
          return {
            product: product.id,
            type: "guide",
            language: locale,
            href: localePath(locale, guidePdfHref(method)),
            bytes: (await guidePdfBytes(guide)).byteLength,
            date,
            mediaType: MEDIA_TYPES.guide,
          };
        }),
      );
      const uploaded = (await productCertificates(product.id)).map(
        (entry): LibraryDocument => ({
          product: product.id,
          type: entry.data.type,
          language: entry.data.language,
          href: entry.href,
          bytes: entry.bytes.byteLength,
          date: entry.data.issued,
          mediaType: MEDIA_TYPES[entry.data.type],
          certificate: {
            language: entry.data.language,
            title: entry.data.title,
            issuer: entry.data.issuer,
            number: entry.data.number,
            validUntil: entry.data.validUntil,
            state: entry.state,
            illustrative: entry.data.illustrative,
          },
        }),
      );
      const generated = await Promise.all(
        GENERATED_KINDS.map(
          async (kind): Promise<LibraryDocument> => ({
            product: product.id,
            type: kind,
            language: null,
            href: generatedHref(product.id, kind),
            bytes: await generatedSize(product.id, kind),
            date,
            mediaType: MEDIA_TYPES[kind],
          }),
        ),
      );
      return [product.id, [...datasheets, ...guides, ...uploaded, ...generated]] as [string, LibraryDocument[]];
    }),
  );
  return new Map(entries);
}
