import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from "astro";
import { GENERATED_KINDS, generatedName } from "../../../features/downloads/paths";
import { generatedFile } from "../../../features/downloads/product-files";
import { products } from "../../../features/products/content";

export const getStaticPaths = (async () =>
  (await products("en")).flatMap((product) =>
    GENERATED_KINDS.map((kind) => ({
      params: { slug: product.id, file: generatedName(product.id, kind) },
      props: { product, kind },
    })),
  )) satisfies GetStaticPaths;

/** Each product's BIM object, drawing and documents zip, made at build (their headers: integrations/post-build/download-headers.mjs). */
export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = async ({ props }) =>
  new Response(await generatedFile(props.product, props.kind));
