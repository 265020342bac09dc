import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README and docs/ cite files and link to each other; a move that leaves them behind fails here.
 * A cited path is a backticked one that starts at a top folder of the project.
 */
const DOCS = ["README.md", ...readdirSync("docs").map((file) => join("docs", file))].filter((f) => f.endsWith(".md"));
const TOP = /^(src|netlify|scripts|tests|content|docs|public|patches|integrations)\//;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .replace(/ /g, "-");

const headings = (text: string) => new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1] ?? "")));

describe.each(DOCS)("%s", (doc) => {
  const text = readFileSync(doc, "utf8");

  it("cites only paths that exist", () => {
    const cited = [...text.matchAll(/`([^`\s]+)`/g)]
      .map((m) => (m[1] ?? "").replace(/[:#].*$/, "").replace(/[.,)]+$/, ""))
      .filter((path) => TOP.test(path) && !/[*<>{}]|\.\.\./.test(path));
    expect(cited.filter((path) => !existsSync(path))).toEqual([]);
  });

  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:)/.test(target)) continue;
      const [file = "", hash] = target.split("#");
      const path = file ? join(dirname(doc), file) : doc;
      if (!existsSync(path)) broken.push(target);
      else if (hash && path.endsWith(".md") && !headings(readFileSync(path, "utf8")).has(hash)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });
});

it("the README stays a first read: under 160 lines", () => {
  expect(readFileSync("README.md", "utf8").trimEnd().split("\n").length).toBeLessThan(160);
});

it("the audits and benchmarks doc is a reference, not a diary: under 250 lines, no dated headings", () => {
  const text = readFileSync("docs/audits-and-benchmarks.md", "utf8");
  expect(text.trimEnd().split("\n").length).toBeLessThan(250);
  expect(text.match(/^#{1,6} .*\b20\d\d-\d\d-\d\d\b.*$/gm) ?? []).toEqual([]);
});
