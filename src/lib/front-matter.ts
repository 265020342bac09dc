import { parse } from "yaml";

/** YAML between an opening `---` line and the next one, then the body. Line ends may be CRLF. */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?$/;

/** An MDX file's front matter, parsed, and its body. */
export function readFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error("no front matter");
  return { data: (parse(match[1] ?? "") ?? {}) as Record<string, unknown>, body: match[2] ?? "" };
}
