import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from "astro";
import { datasheetBytes } from "../../../features/datasheet/product-datasheet";
import { products } from "../../../features/products/content";

export const getStaticPaths = (async () =>
  (await products()).map((product) => ({ params: { slug: product.id }, props: { product } }))) satisfies GetStaticPaths;

/** Each product's datasheet, made at build. */
export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = async ({ props }) =>
  new Response(await datasheetBytes(props.product), { headers: { "content-type": "application/pdf" } });
