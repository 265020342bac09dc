import type { APIRoute } from "astro";
import { editorPage } from "../../features/editor/page";

/** The content editor at /cms/: a page of its own, never linked or indexed (see docs/editing.md). */
export const GET: APIRoute = () =>
  new Response(editorPage(), { headers: { "content-type": "text/html; charset=utf-8" } });
