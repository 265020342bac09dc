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

/**
 * JavaScript a page loads: inline scripts, external module scripts and their static imports,
 * followed recursively. Astro island component URLs are counted too (they load on hydration). With
 * `includeDynamic`, the islands' dynamic imports are followed as well (code an island loads later);
 * page scripts' dynamic imports (returning staff's header, analytics after consent) never are.
 */
export function pageJavaScript(html: string, { includeDynamic = false } = {}): AssetBytes {
  const inline: string[] = [];
  const queue: { url: string; island: boolean }[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? "";
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) queue.push({ url: src, island: false });
    else if (match[2]?.trim()) inline.push(match[2]);
  }
  for (const match of html.matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g))
    if (match[1]) queue.push({ url: match[1], island: true });
  for (const code of inline) {
    for (const url of importedChunks(code, "/")) if (staticImport(code, url)) queue.push({ url, island: false });
  }

  const seen = new Set<string>();
  const texts = [...inline];
  while (queue.length > 0) {
    const { url, island } = queue.shift() as { url: string; island: boolean };
    if (seen.has(url) || !url.startsWith("/")) continue;
    seen.add(url);
    const code = readAsset(url);
    texts.push(code);
    for (const next of importedChunks(code, url)) {
      if (staticImport(code, next) || (includeDynamic && island)) queue.push({ url: next, island });
    }
  }
  const text = texts.join("\n");
  return { files: [...seen], raw: Buffer.byteLength(text), gzip: texts.reduce((sum, t) => sum + gz(t), 0), text };
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
