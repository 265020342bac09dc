import type { APIRoute } from "astro";

/** robots.txt with an absolute sitemap address for whichever site this build is for. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site).href;
  const body = [
    "User-agent: *",
    "Disallow: /admin/",
    "Disallow: /auth",
    "Disallow: /cms/",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
};
