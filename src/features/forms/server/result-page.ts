import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { respond } from "../../../../netlify/lib/http";

/**
 * The success page of a form posted without JavaScript, with the enquiry's reference on it. The page
 * is the one the build made (`/contact/sent`, `/fi/samples/sent`, …), whose reference line is hidden
 * with `{reference}` unfilled; the form's redirect names the reference in the address
 * (`/fi/contact/sent/AA-7K3Q`), and this fills it in. The reference is not looked up: any address of
 * that shape shows the reference it names, which tells nobody anything.
 */

/** Where the built pages are, beside the function (netlify.toml's included_files brings them). */
export const BUILT_PAGES = "dist";

/** The reference's shape (see ../reference.ts): "AA-" and four of Crockford's base-32 digits. */
const REFERENCE = /^AA-[0-9A-HJKMNP-TV-Z]{4}$/;
const ROUTE = /^\/(?:(et|fi|sv)\/)?(contact|samples)\/sent\/([^/]+)$/;

/** The built page and the reference an address names, or null when it names neither. */
export function resultRoute(pathname: string): { page: string; reference: string } | null {
  const [, language, form, reference = ""] = pathname.match(ROUTE) ?? [];
  if (!form) return null;
  const page = `${language ? `/${language}` : ""}/${form}/sent`;
  return { page, reference: decodeURIComponent(reference).toUpperCase() };
}

/** The page's HTML with its reference line shown and filled in. */
export function withReference(html: string, reference: string): string {
  return html.replace(
    /(<p\b[^>]*?) data-form-reference(?:="")? hidden(?:="")?([^>]*>)([^<]*)\{reference\}/,
    (_, start: string, end: string, before: string) => `${start} data-form-reference${end}${before}${reference}`,
  );
}

/**
 * The headers every page gets from `_headers` (its `/*` block), which the platform does not add to a
 * function's answer.
 */
export function pageHeaders(headersFile: string): Record<string, string> {
  const block = headersFile.split(/\r?\n(?=\S)/).find((section) => section.startsWith("/*\n"));
  const lines = block?.split("\n").slice(1) ?? [];
  return Object.fromEntries(
    lines
      .map((line) => line.trim().match(/^([\w-]+):\s*(.+)$/))
      .filter((match): match is RegExpMatchArray => match !== null)
      .map(([, name = "", value = ""]) => [name.toLowerCase(), value]),
  );
}

/** The answer to GET /contact/sent/<reference> and the like. */
export async function resultPageResponse(request: Request, root = process.cwd()): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return respond(null, 405, { allow: "GET, HEAD" });
  const route = resultRoute(new URL(request.url).pathname);
  if (!route) return respond("Not found", 404, { "content-type": "text/plain; charset=utf-8" });
  if (!REFERENCE.test(route.reference)) return respond(null, 303, { location: route.page });
  const [html, headers] = await Promise.all([
    readFile(join(root, BUILT_PAGES, `${route.page}.html`), "utf8"),
    readFile(join(root, BUILT_PAGES, "_headers"), "utf8"),
  ]);
  return respond(request.method === "HEAD" ? null : withReference(html, route.reference), 200, {
    ...pageHeaders(headers),
    "content-type": "text/html; charset=utf-8",
    "cache-control": "private, no-store",
    "x-robots-tag": "noindex",
  });
}
