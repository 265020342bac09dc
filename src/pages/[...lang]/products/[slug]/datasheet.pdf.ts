import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from "astro";
import { datasheetBytes } from "../../../../features/datasheet/product-datasheet";
import { products } from "../../../../features/products/content";
import { LANGUAGE_PARAMS } from "../../../../i18n/locales";

export const getStaticPaths = (async () => {
  const pages = await Promise.all(
    LANGUAGE_PARAMS.map(async ({ lang, locale }) =>
      (await products(locale)).map((product) => ({ params: { lang, slug: product.id }, props: { product } })),
    ),
  );
  return pages.flat();
}) satisfies GetStaticPaths;

/** Each product's datasheet in each language, made at build. */
export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = async ({ props }) =>
  new Response(await datasheetBytes(props.product), { headers: { "content-type": "application/pdf" } });
