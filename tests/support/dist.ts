import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const distDir = join(process.cwd(), "dist");

export function assertBuilt(): void {
  if (!existsSync(join(distDir, "index.html"))) {
    throw new Error("dist/ has no build: run `npm run build` first (npm test does this for you).");
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export interface BuiltPage {
  /** The URL path the page is served at, e.g. "/" or "/about". */
  route: string;
  file: string;
  html: string;
}

/** The content editor's files (dist/cms/): an application of its own, not one of the site's pages. */
export const EDITOR_DIR = join(distDir, "cms");

/** Every HTML page of the site in the build with the route Netlify serves it at (not the editor's). */
export function builtPages(): BuiltPage[] {
  assertBuilt();
  return walk(distDir)
    .filter((file) => file.endsWith(".html") && !file.startsWith(EDITOR_DIR + sep))
    .map((file) => {
      const rel = relative(distDir, file).split(sep).join("/");
      const route = `/${rel.replace(/(^|\/)index\.html$/, "").replace(/\.html$/, "")}`.replace(/\/$/, "") || "/";
      return { route, file, html: readFileSync(file, "utf8") };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The file in dist/ that answers `path`, as Netlify's pretty URLs resolve it, or undefined. */
export function resolveBuiltFile(path: string): string | undefined {
  const clean = decodeURIComponent(path.split(/[?#]/)[0] ?? "/");
  const candidates = [clean, `${clean}.html`, join(clean, "index.html")];
  for (const candidate of candidates) {
    const full = join(distDir, candidate);
    if (full.startsWith(distDir) && existsSync(full) && statSync(full).isFile()) return full;
  }
  return undefined;
}

/** Paths the built sitemap lists, read from dist/ so tests can be generated one per page. */
export function sitemapPaths(): string[] {
  assertBuilt();
  const files = readdirSync(distDir).filter((name) => /^sitemap-\d+\.xml$/.test(name));
  return files.flatMap((file) =>
    [...readFileSync(join(distDir, file), "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? "/").pathname,
    ),
  );
}
