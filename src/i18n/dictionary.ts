import { type Dictionary, en } from "./dictionaries/en";
import { et } from "./dictionaries/et";
import { fi } from "./dictionaries/fi";
import { sv } from "./dictionaries/sv";
import type { Locale } from "./locales";

export type { Dictionary };

const DICTIONARIES: Record<Locale, Dictionary> = { en, et, fi, sv };

type Tree = { readonly [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What is wrong with a dictionary next to the English model: keys missing or extra, and texts of the
 * wrong kind (a plain text where English has a function of a value, or the other way round).
 */
export function dictionaryProblems(model: Tree, other: unknown, prefix = ""): string[] {
  if (!isTree(other)) return [`"${prefix || "(root)"}" is not a group of texts`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(model)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const theirs = other[key];
    if (theirs === undefined) problems.push(`missing "${path}"`);
    else if (isTree(value)) problems.push(...dictionaryProblems(value, theirs, path));
    else if (typeof theirs !== typeof value)
      problems.push(`"${path}" should be a ${typeof value}, not a ${typeof theirs}`);
    else if (typeof theirs === "string" && theirs.trim() === "") problems.push(`"${path}" is empty`);
  }
  for (const key of Object.keys(other)) {
    if (!(key in model)) problems.push(`unknown "${prefix ? `${prefix}.${key}` : key}"`);
  }
  return problems;
}

// Checked once when the site is built: a key missing in any language stops the build, naming it.
for (const [locale, dictionary] of Object.entries(DICTIONARIES)) {
  const problems = dictionaryProblems(en, dictionary);
  if (problems.length > 0) {
    throw new Error(`Dictionary src/i18n/dictionaries/${locale}.ts: ${problems.join("; ")}`);
  }
}

export function dictionary(locale: Locale): Dictionary {
  return DICTIONARIES[locale];
}

export { fill } from "./fill";
