/**
 * A document of the company (a product's datasheet, the calculator's report): its metadata, and each
 * page between the same running head and the footer with the company's contact.
 */
import type { Company } from "./company";
import type { PdfFonts } from "./fonts";
import { footer, runningHead } from "./layout";
import { dayStart, PdfWriter } from "./writer";

/** A document's language: its tag (BCP 47), and the tag Intl formats its numbers and dates with. */
export interface DocumentLanguage {
  tag: string;
  intl: string;
}

export interface CompanyDocument {
  company: Company;
  fonts: PdfFonts;
  title: string;
  subject: string;
  keywords: string;
  language: DocumentLanguage;
  /** The day the document is dated, YYYY-MM-DD: its creation date, so the same content gives the same bytes. */
  date: string;
  /** The running head: the company and the kind of document on the left, a date on the right. */
  head: { label: string; date: string };
  /** The right-hand text of the footer on page `page` of `pages`. */
  foot: (page: number, pages: number) => string;
}

/** Draws one page's content, between the running head and the footer. */
export type PageContent = (pdf: PdfWriter) => void;

/** Makes the document, a page for each of `pages`, and returns its bytes. */
export async function companyPdf(
  document: CompanyDocument,
  pages: readonly PageContent[],
): Promise<Uint8Array<ArrayBuffer>> {
  const { company, head } = document;
  const pdf = new PdfWriter(
    {
      title: document.title,
      subject: document.subject,
      author: company.legalName,
      keywords: document.keywords,
      date: dayStart(document.date),
      lang: document.language.tag,
    },
    document.fonts,
  );
  pages.forEach((content, i) => {
    pdf.addPage();
    runningHead(pdf, head.label, head.date);
    content(pdf);
    footer(pdf, company, document.foot(i + 1, pages.length));
  });
  return pdf.finish();
}
