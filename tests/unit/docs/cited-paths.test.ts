import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { expect, it } from "vitest";

/**
 * Every file a comment names exists: a path from a top folder of the project
 * (`src/features/spam/server/screen.ts`), a path from the comment's own folder, a file named by itself
 * (`screen.ts`), which must then exist somewhere in the project, or, in a library fix, a file of the
 * library. A comment that sends the reader to a file a move or a deletion left behind fails here; the
 * docs have their own test.
 */
const SKIP = new Set([
  "node_modules",
  "dist",
  "build",
  ".git",
  ".netlify",
  ".astro",
  "playwright-report",
  "test-results",
]);
const ROOTS = [
  "src",
  "netlify",
  "scripts",
  "integrations",
  "tests",
  "astro.config.mjs",
  "playwright.config.ts",
  "vitest.config.ts",
];
const CODE = /\.(ts|tsx|mjs|js|astro|css)$/;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!readdirSync(dirname(path)).includes(basename(path))) return [];
  try {
    return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
      SKIP.has(entry.name) ? [] : filesUnder(join(path, entry.name)),
    );
  } catch {
    return [path];
  }
}

const files = ROOTS.flatMap(filesUnder).filter((file) => CODE.test(file));
const allNames = new Set([
  ...[...ROOTS, "content", "public", "docs"].flatMap(filesUnder).map((file) => basename(file)),
  ...readdirSync("."),
]);
/**
 * Files that are written rather than kept: what the site serves or the scripts write, and a file a
 * library's install script downloads, which its fix in scripts/local-fixes/ provides.
 */
const WRITTEN = new Set(["config.yml", "audit.md", "bench.md", "hsts-preload.json"]);
/** The installed packages' folders, where a library fix's comments find the library's own files. */
const packages = readdirSync("node_modules").flatMap((name) =>
  name.startsWith("@")
    ? readdirSync(join("node_modules", name)).map((sub) => join("node_modules", name, sub))
    : [join("node_modules", name)],
);
const TOP = /^(src|netlify|scripts|tests|content|docs|public|integrations|patches)\//;
const NAMED = /(?<![\w./@-])((?:[\w.[\]-]+\/)*[\w[\].-]+\.(?:ts|tsx|mjs|js|md|mdx|json|astro|css|toml|yml))(?![\w/-])/g;

/** The text of the comments of a source file, web addresses taken out. */
const comments = (code: string) =>
  [...code.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g)]
    .map((m) => m[0])
    .join("\n")
    .replace(/\b[a-z][\w+.-]*:\/\/\S+/g, "")
    .replace(/\b[\w-]+\.(?:example|com|org|net|io|dev|app)\/\S*/g, "");

/** Whether the file a comment in `file` names exists, as a path from the top, from `file`'s folder, or by name. */
function exists(named: string, file: string): boolean {
  const path = named.replace(/^\.\//, "");
  if (/[*<>{}…]|\.\.\.|\[/.test(path)) return true;
  if (file.startsWith("scripts/local-fixes/") && packages.some((pkg) => existsSync(join(pkg, path)))) return true;
  if (WRITTEN.has(basename(path))) return true;
  if (TOP.test(path)) return existsSync(path);
  if (existsSync(join(dirname(file), named))) return true;
  if (path === "Node.js" || (allNames.has(basename(path)) && !path.includes("/"))) return true;
  if (!path.includes("/")) return false;
  if ([".", "src", "src/features", "reports"].some((root) => existsSync(join(root, path)))) return true;
  return false;
}

it("comments name only files that exist", () => {
  const missing = files.flatMap((file) =>
    [...comments(readFileSync(file, "utf8")).matchAll(NAMED)]
      .map((m) => m[1] ?? "")
      .filter((named) => !exists(named, file))
      .map((named) => `${file}: ${named}`),
  );
  expect(missing).toEqual([]);
});
