// @ts-check
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";

/**
 * Rewrites every HTML page under a build folder with `rewrite`, writing only the pages it changed. An
 * error stops at the first page, named by its path in the build. Returns how many pages there were and
 * how many characters of HTML the rewrite removed in all.
 * @param {string} root
 * @param {(html: string) => string} rewrite
 */
export async function rewriteBuiltPages(root, rewrite) {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => join(e.parentPath, e.name));
  let removed = 0;
  for (const file of files) {
    const html = await readFile(file, "utf8");
    let rewritten = html;
    try {
      rewritten = rewrite(html);
    } catch (error) {
      throw new Error(`${relative(root, file)}: ${error instanceof Error ? error.message : error}`);
    }
    removed += html.length - rewritten.length;
    if (rewritten !== html) await writeFile(file, rewritten);
  }
  return { pages: files.length, removed };
}
