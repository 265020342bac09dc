import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { distDir } from "./dist";

export interface AssetBytes {
  files: string[];
  raw: number;
  gzip: number;
  /** The concatenated text, for content checks such as "no React". */
  text: string;
}

const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

function readAsset(url: string): string {
  return readFileSync(join(distDir, url.replace(/^\//, "")), "utf8");
}

/** Static and dynamic-import specifiers that point at other build chunks. */
function importedChunks(code: string, fromUrl: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g,
    /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const spec = match[1];
      if (spec) found.add(new URL(spec, `http://x${fromUrl}`).pathname);
    }
  }
  return [...found];
}

/** A chunk a page loads only on a person's action or state, measured against a budget of its own. */
export interface OnDemand {
  /** What loads it, e.g. "the calculator's PDF report (on click)". */
  name: string;
  /** Whether a chunk URL is this entry point (e.g. /_astro/report.<hash>.js). */
  matches: (url: string) => boolean;
}

/**
 * JavaScript a page can load, followed the way a browser loads it: inline scripts, module scripts and
 * Astro island components (they load on hydration), and from each of them every static import, and
 * with `includeDynamic` every dynamic import too, imports of imports included. A chunk that is one of
 * the `onDemand` entry points is not entered; `onDemandReached` names those the page can reach, so
 * that the caller measures each of them apart (see onDemandJavaScript).
 */
export function pageJavaScript(
  html: string,
  { includeDynamic = false, onDemand = [] as OnDemand[] } = {},
): AssetBytes & { onDemandReached: string[] } {
  const inline: string[] = [];
  const queue: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? "";
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) queue.push(src);
    else if (match[2]?.trim()) inline.push(match[2]);
  }
  for (const match of html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)) if (match[1]) queue.push(match[1]);
  const follows = (code: string, url: string) => includeDynamic || staticImport(code, url);
  for (const code of inline) for (const url of importedChunks(code, "/")) if (follows(code, url)) queue.push(url);

  const seen = new Set<string>();
  const reached = new Set<string>();
  const texts = [...inline];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url) || !url.startsWith("/")) continue;
    const entry = onDemand.find((o) => o.matches(url));
    if (entry) {
      reached.add(entry.name);
      continue;
    }
    seen.add(url);
    const code = readAsset(url);
    texts.push(code);
    for (const next of importedChunks(code, url)) if (follows(code, next)) queue.push(next);
  }
  const text = texts.join("\n");
  return {
    files: [...seen],
    raw: Buffer.byteLength(text),
    gzip: texts.reduce((sum, t) => sum + gz(t), 0),
    text,
    onDemandReached: [...reached],
  };
}

/**
 * Everything one on-demand chunk loads, its static and dynamic imports followed; other on-demand
 * entry points it reaches are measured apart, as for a page.
 */
export function onDemandJavaScript(url: string, others: OnDemand[] = []) {
  return pageJavaScript(`<script type="module" src="${url}"></script>`, { includeDynamic: true, onDemand: others });
}

function staticImport(code: string, url: string): boolean {
  const file = (url.split("/").pop() ?? url).replace(/\./g, "\\.");
  return new RegExp(`import\\s*(?:[\\w*{}\\s,$]+from\\s*)?["'][^"']*${file}["']`).test(code);
}

/** Stylesheets and inline styles a page loads. */
export function pageCss(html: string): AssetBytes {
  const texts: string[] = [];
  const files: string[] = [];
  for (const match of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(match[0])?.[1];
    if (href?.startsWith("/")) {
      files.push(href);
      texts.push(readAsset(href));
    }
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) if (match[1]) texts.push(match[1]);
  const text = texts.join("\n");
  return { files, raw: Buffer.byteLength(text), gzip: texts.reduce((sum, t) => sum + gz(t), 0), text };
}

/** True when code contains React's runtime (its element symbols are in every build of it). */
export function containsReact(code: string): boolean {
  return (
    /Symbol\.for\(["']react\.(transitional\.)?element["']\)/.test(code) || code.includes("react.transitional.element")
  );
}

/** True when code contains the Firebase Auth SDK (its REST endpoint names are in every build). */
export function containsFirebase(code: string): boolean {
  return code.includes("identitytoolkit") || code.includes("securetoken.googleapis.com");
}
