import { create as parseFont } from "fontkit";
import PDFDocument from "pdfkit";
import type { FontRole, PdfFonts } from "./fonts";
import { COLOURS, PAGE, TYPE } from "./theme";

export interface DocumentInfo {
  title: string;
  subject: string;
  author: string;
  keywords: string;
  /** Creation and modification date: fixed by the content, so the same content gives the same bytes. */
  date: Date;
  /** The document's language (BCP 47), for assistive technology: "en", "et", "fi", "sv". */
  lang: string;
}

export interface TextStyle {
  font?: FontRole;
  size?: number;
  colour?: string;
  /** Wrap width; without it the text stays on one line. */
  width?: number;
  align?: "left" | "right" | "center";
  lineGap?: number;
  characterSpacing?: number;
  link?: string;
}

type Structure = PDFKit.PDFStructureElement;

/** A cell as PDFKit's table takes it; a heading cell (TH) names the row or column it heads. */
export type TableCell = PDFKit.Mixins.CellOptions & { scope?: "Row" | "Column" };

/** Characters Fraunces lacks within PDF_CHARACTERS; text with any of them is set in Inter instead. */
export const DISPLAY_UNSUPPORTED = /[ŉſα₂→∞]/u;

/**
 * A tagged A4 document: every drawing call goes through `tag` (a structure element such as H1, P,
 * Table or Figure) or `artifact` (decoration and running footers), so that text reads in order with
 * assistive technology and copies cleanly. Pages have no margins of their own: callers place
 * everything, and nothing flows onto a page by itself.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly #root: Structure;
  readonly #bytes: Promise<Uint8Array<ArrayBuffer>>;
  /** Pages added by addPage, and pages PDFKit started (more when text runs past the bottom). */
  #pages = 0;
  #started = 0;
  #belowFoot = false;

  constructor(info: DocumentInfo, fonts: PdfFonts) {
    this.doc = new PDFDocument({
      size: "A4",
      margin: 0,
      autoFirstPage: false,
      pdfVersion: "1.7",
      tagged: true,
      lang: info.lang,
      displayTitle: true,
      // The text font is the starting font, so no standard PDF font is ever loaded.
      font: fonts.text as unknown as string,
      info: {
        Title: info.title,
        Author: info.author,
        Subject: info.subject,
        Keywords: info.keywords,
        Creator: info.author,
        Producer: "PDFKit",
        CreationDate: info.date,
        ModDate: info.date,
      },
    });
    // Registered parsed, so that PDFKit's table, which switches back to the font a cell interrupts, does
    // not parse the font again for every cell.
    for (const [role, bytes] of Object.entries(fonts)) {
      this.doc.registerFont(role, parseFont(bytes) as unknown as string);
    }
    this.#bytes = collect(this.doc);
    // PDFKit starts a new page when text runs past the bottom; here every page is laid out by hand.
    this.doc.on("pageAdded", () => {
      this.#started += 1;
    });
    this.#root = this.doc.struct("Document");
    this.doc.addStructure(this.#root);
  }

  addPage(): void {
    this.doc.addPage({ size: "A4", margin: 0 });
    this.#pages += 1;
  }

  /** A structure element whose content is what `draw` puts on the page. */
  element(type: string, draw: () => void, options: { alt?: string } = {}): Structure {
    return this.doc.struct(type, options, draw);
  }

  /** A structure element made of child elements (a table of rows of cells, a list of items). */
  group(type: string, children: Structure[]): Structure {
    return this.doc.struct(type, {}, children);
  }

  /** Adds a structure element to the document in reading order, drawing its content now. */
  add(element: Structure): void {
    this.#root.add(element);
  }

  /** Draws `draw` as one element of the given type. */
  tag(type: string, draw: () => void, options: { alt?: string } = {}): void {
    this.add(this.element(type, draw, options));
  }

  /**
   * Draws a table with PDFKit's table, which lays it out and tags it (Table, TR, TH, TD, each cell with
   * the headings it falls under), in reading order. Returns the y below each row.
   */
  table(options: PDFKit.Mixins.TableOptions, rows: readonly (readonly TableCell[])[]): number[] {
    const tagged: PDFKit.Mixins.TableOptions & { structParent: Structure } = { ...options, structParent: this.#root };
    const table = this.doc.table(tagged);
    const bottoms = rows.map((cells) => {
      table.row([...cells]);
      return this.doc.y;
    });
    table.end();
    if (this.doc.y > PAGE.height - 16) this.#belowFoot = true;
    return bottoms;
  }

  /** Draws decoration that is not content (backgrounds, rules, swatches, running footers). */
  artifact(draw: () => void, type: "Layout" | "Pagination" = "Layout"): void {
    this.doc.markContent("Artifact", { type });
    draw();
    this.doc.endMarkedContent();
  }

  /** Sets the font and colour for `text`, falling back to Inter where Fraunces lacks a character. */
  style({ font = "text", size = TYPE.body, colour = COLOURS.ink }: TextStyle, text = ""): void {
    const role = font === "display" && DISPLAY_UNSUPPORTED.test(text) ? "strong" : font;
    this.doc.font(role).fontSize(size).fillColor(colour);
  }

  #options(style: TextStyle): PDFKit.Mixins.TextOptions {
    return {
      ...(style.width === undefined ? { lineBreak: false } : { width: style.width }),
      align: style.align ?? "left",
      lineGap: style.lineGap ?? 0,
      characterSpacing: style.characterSpacing ?? 0,
      ...(style.link ? { link: style.link } : {}),
    };
  }

  /** Writes text at (x, y), the top of its first line, and returns the height it took. */
  text(text: string, x: number, y: number, style: TextStyle = {}): number {
    this.style(style, text);
    const options = this.#options(style);
    const height = this.doc.heightOfString(text, options);
    if (y + height > PAGE.height - 16) this.#belowFoot = true;
    this.doc.text(text, x, y, options);
    return height;
  }

  heightOf(text: string, style: TextStyle = {}): number {
    this.style(style, text);
    return this.doc.heightOfString(text, this.#options(style));
  }

  widthOf(text: string, style: TextStyle = {}): number {
    this.style(style, text);
    return this.doc.widthOfString(text, { characterSpacing: style.characterSpacing ?? 0 });
  }

  /** Ends the document and returns its bytes. */
  finish(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#started !== this.#pages || this.#belowFoot) {
      throw new Error("The content ran past the bottom of a page");
    }
    this.#root.end();
    this.doc.end();
    return this.#bytes;
  }
}

/** The document's output as one byte array (PDFKit emits it in chunks, in Node and in the browser). */
function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("error", reject);
    doc.on("end", () => {
      const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.byteLength, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(bytes);
    });
  });
}

/** A date as the documents print it in a language (Intl): "1 September 2026", "1. syyskuuta 2026". */
export function longDate(isoDate: string, intlTag: string): string {
  return new Intl.DateTimeFormat(intlTag, { dateStyle: "long", timeZone: "UTC" }).format(dayStart(isoDate));
}

/** Midnight UTC of an ISO date, the documents' creation date. */
export const dayStart = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
