import type { APIRoute } from "astro";
import { stringify } from "yaml";
import { editorConfig } from "../../features/editor/config";
import { editorRepository } from "../../features/editor/repository";

/** The content editor's config.yml, generated from the content schemas at build. */
export const GET: APIRoute = ({ site }) =>
  new Response(stringify(editorConfig(editorRepository(process.env, site)), { lineWidth: 0 }), {
    headers: { "content-type": "application/yaml; charset=utf-8" },
  });
