declare module "fontkit" {
  /** A parsed font, as PDFKit takes it in place of the font's bytes. */
  export interface Font {
    postscriptName: string;
  }
  export function create(bytes: Uint8Array): Font;
}
