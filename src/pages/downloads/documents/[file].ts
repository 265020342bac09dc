import { basename } from "node:path";
import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from "astro";
import { certificates } from "../../../features/documents/content";

export const getStaticPaths = (async () =>
  (await certificates()).map((entry) => ({
    params: { file: basename(entry.data.file) },
    props: { entry },
  }))) satisfies GetStaticPaths;

/** Each uploaded certificate or declaration, as the editor uploaded it (its headers: integrations/post-build/download-headers.mjs). */
export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) =>
  new Response(props.entry.bytes, { headers: { "content-type": "application/pdf" } });
