import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { pageScripts } from "../../integrations/post-build/page-scripts.mjs";
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
  const { files, texts, reached } = pageScripts(html, readAsset, {
    includeDynamic,
    stopAt: (url) => onDemand.find((o) => o.matches(url))?.name,
  });
  const text = texts.join("\n");
  return {
    files,
    raw: Buffer.byteLength(text),
    gzip: texts.reduce((sum, t) => sum + gz(t), 0),
    text,
    onDemandReached: reached,
  };
}

/**
 * Everything one on-demand chunk loads (with `alsoLoads`, the chunks that load with it, such as an
 * island's renderer), its static and dynamic imports followed; other on-demand entry points it
 * reaches are measured apart, as for a page.
 */
export function onDemandJavaScript(url: string, others: OnDemand[] = [], alsoLoads: string[] = []) {
  const scripts = [url, ...alsoLoads].map((src) => `<script type="module" src="${src}"></script>`).join("");
  return pageJavaScript(scripts, { includeDynamic: true, onDemand: others });
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
