import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from "astro";
import { guidePages } from "../../../features/guides/content";
import { guidePdfBytes } from "../../../features/guides/guide-files";
import { LANGUAGE_PARAMS } from "../../../i18n/locales";

export const getStaticPaths = (async () => {
  const pages = await Promise.all(
    LANGUAGE_PARAMS.map(async ({ lang, locale }) =>
      (await guidePages(locale)).map((guide) => ({ params: { lang, method: guide.id }, props: { guide } })),
    ),
  );
  return pages.flat();
}) satisfies GetStaticPaths;

/** Each installation guide as a PDF in each language, made at build. */
export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = async ({ props }) =>
  new Response(await guidePdfBytes(props.guide), { headers: { "content-type": "application/pdf" } });
