import { LOCALES } from "../../i18n/locales";
import { z } from "../../lib/zod";
import { isoDate } from "../products/schema";

/** The kinds of certificate and declaration editors upload, in the order the library lists them. */
export const CERTIFICATE_TYPES = [
  "fire-classification",
  "sound-absorption",
  "epd",
  "emission-label",
  "declaration-of-performance",
] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/**
 * A certificate or declaration an editor uploads, content/documents/<slug>.mdx, its file beside it in
 * content/documents/files/. It is in one language, so it has no translations. The build lists it
 * under each product it covers, shows it as expired from the day after `validUntil`, and warns 30
 * days before (see expiry.ts).
 */
export const CertificateSchema = z
  .strictObject({
    title: z.string().min(3).max(120).describe("The document's title as printed on it"),
    type: z.enum(CERTIFICATE_TYPES),
    products: z
      .array(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/))
      .min(1)
      .meta({ widget: "products" })
      .describe("The products it covers"),
    language: z.enum(LOCALES).describe("The language the document is written in"),
    issuer: z.string().min(2).max(120).describe("Who issued it: the test laboratory, programme operator or body"),
    number: z.string().min(1).max(60).describe("The report, certificate or registration number"),
    issued: isoDate.describe("Date of issue"),
    validUntil: z.optional(isoDate).describe("Last day it is valid; leave empty for a report that does not expire"),
    file: z
      .string()
      .regex(/^\.\/files\/[a-z0-9][\w.-]*\.pdf$/, "A PDF uploaded into content/documents/files/")
      .meta({ widget: "file" })
      .describe("The PDF"),
    illustrative: z
      .boolean()
      .default(false)
      .describe("Demonstration content: the site says plainly that it is illustrative"),
  })
  .refine((document) => !document.validUntil || document.validUntil >= document.issued, {
    message: "Valid until is before the date of issue",
    path: ["validUntil"],
  });

export type Certificate = z.infer<typeof CertificateSchema>;
