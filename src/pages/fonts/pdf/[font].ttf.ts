import type { APIRoute, GetStaticPaths } from "astro";
import { pdfFontFile } from "../../../lib/pdf/assets";
import { FONT_FILES, FONT_ROLES, type FontRole } from "../../../lib/pdf/fonts";

export const getStaticPaths = (() =>
  FONT_ROLES.map((role) => ({ params: { font: FONT_FILES[role] }, props: { role } }))) satisfies GetStaticPaths;

/** The PDF fonts, for documents the browser makes (the calculator's report). */
export const GET: APIRoute<{ role: FontRole }> = async ({ props }) =>
  new Response(await pdfFontFile(props.role), { headers: { "content-type": "font/ttf" } });
