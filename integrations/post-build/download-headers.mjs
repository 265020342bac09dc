// @ts-check
// The files of the download library (/downloads/…) are served with their own content type and as
// attachments named for the file, so that a browser saves "felt-panels.ifc" rather than showing it.
// The datasheets and installation guides, whose addresses end in a name shared by every product or
// language (/fi/products/felt-panels/datasheet.pdf, /fi/guides/clips.pdf), are saved under a name
// that says which: "felt-panels-datasheet-fi.pdf", "clips-installation-guide-fi.pdf", as in the zips.
// The platform reads headers from _headers, which cannot name a header's value per file: this step
// adds one block per file to the built _headers.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { extname, join, relative } from "node:path";

/** Content types of the library's files, by extension. */
export const DOWNLOAD_TYPES = {
  ".ifc": "application/x-step",
  ".dxf": "image/vnd.dxf",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
};

/**
 * The _headers blocks of the files under `downloads/` in the build.
 * @param {string} root the build folder
 */
export async function downloadHeaderBlocks(root) {
  const folder = join(root, "downloads");
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && extname(entry.name) in DOWNLOAD_TYPES)
    .map((entry) => {
      const path = `/${relative(root, join(entry.parentPath, entry.name)).split("\\").join("/")}`;
      const type = DOWNLOAD_TYPES[/** @type {keyof typeof DOWNLOAD_TYPES} */ (extname(entry.name))];
      return `${path}\n  Content-Type: ${type}\n  Content-Disposition: attachment; filename="${entry.name}"\n`;
    })
    .sort();
}

/** A datasheet or guide's address: its language prefix (none for English), its product or method, its kind. */
const NAMED_PDF = /^\/(?:(et|fi|sv)\/)?(?:products\/([a-z0-9-]+)\/datasheet|guides\/([a-z0-9-]+))\.pdf$/;

/**
 * The _headers blocks of the datasheets and installation guides in the build, each saved under a name
 * that says its product or method and its language.
 * @param {string} root the build folder
 */
export async function namedPdfHeaderBlocks(root) {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".pdf"))
    .flatMap((entry) => {
      const path = `/${relative(root, join(entry.parentPath, entry.name)).split("\\").join("/")}`;
      const match = NAMED_PDF.exec(path);
      if (!match) return [];
      const [, language = "en", product, method] = match;
      const name = product ? `${product}-datasheet-${language}.pdf` : `${method}-installation-guide-${language}.pdf`;
      return [`${path}\n  Content-Type: application/pdf\n  Content-Disposition: attachment; filename="${name}"\n`];
    })
    .sort();
}

/**
 * Adds the library's blocks to the build's _headers.
 * @param {string} root the build folder
 */
export async function writeDownloadHeaders(root) {
  const blocks = [...(await downloadHeaderBlocks(root)), ...(await namedPdfHeaderBlocks(root))];
  if (blocks.length === 0) return 0;
  const file = join(root, "_headers");
  const headers = await readFile(file, "utf8");
  await writeFile(
    file,
    `${headers.trimEnd()}\n\n# The download library's files (integrations/post-build/download-headers.mjs).\n${blocks.join("\n")}`,
  );
  return blocks.length;
}
