import { getCollection } from "astro:content";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { products } from "../products/content";
import { buildDate, type ExpiryState, expiryState, expiryWarnings } from "./expiry";
import { CERTIFICATE_TYPES, type Certificate } from "./schema";

/** A certificate or declaration as the site lists it: its data, its state on the build's day, its file. */
export interface CertificateEntry {
  id: string;
  data: Certificate;
  state: ExpiryState;
  /** Where the site serves its file: /downloads/documents/<file name>. */
  href: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The address of an uploaded document's file: the file's own name under /downloads/documents/. */
export const certificateHref = (file: string) => `/downloads/documents/${basename(file)}`;

let loaded: Promise<CertificateEntry[]> | undefined;

/**
 * Every uploaded document, by type and then newest first, each read with its file. A document that
 * names a product the site does not have, or a file that is not there, fails the build naming it;
 * one expired or expiring within 30 days is logged once per build.
 */
export function certificates(): Promise<CertificateEntry[]> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<CertificateEntry[]> {
  const [entries, known] = await Promise.all([getCollection("documents"), products("en")]);
  const slugs = new Set(known.map((product) => product.id));
  const today = buildDate();
  const list = entries.map(({ id, data }): CertificateEntry => {
    const source = `content/documents/${id}.mdx`;
    for (const slug of data.products) {
      if (!slugs.has(slug)) throw new Error(`${source}: products names “${slug}”, which is not a product`);
    }
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = new Uint8Array(readFileSync(join(process.cwd(), "content/documents", data.file)));
    } catch {
      throw new Error(`${source}: its file ${data.file} is not in content/documents/files/`);
    }
    return { id, data, state: expiryState(data.validUntil, today), href: certificateHref(data.file), bytes };
  });
  for (const warning of expiryWarnings(list, today)) console.warn(`[documents] ${warning}`);
  const order = (entry: CertificateEntry) => CERTIFICATE_TYPES.indexOf(entry.data.type);
  return list.sort((a, b) => order(a) - order(b) || b.data.issued.localeCompare(a.data.issued));
}

/** The documents that cover one product. */
export async function productCertificates(slug: string): Promise<CertificateEntry[]> {
  return (await certificates()).filter((entry) => entry.data.products.includes(slug));
}
