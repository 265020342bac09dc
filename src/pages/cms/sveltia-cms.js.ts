import type { APIRoute } from "astro";
import { editorScript } from "../../features/editor/page";

/** The editor's application, copied from its package at build so that no public page refers to it. */
export const GET: APIRoute = async () =>
  new Response(await editorScript(), { headers: { "content-type": "text/javascript; charset=utf-8" } });
