import { DEFAULT_LOCALE, type Locale } from "./locales";

/** Keys that say which English item a translated item belongs to; they must match the English. */
const IDENTIFYING_KEYS = new Set(["id", "slug", "href", "folder", "template", "audience", "kind"]);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The English data with a translation's words laid over it: objects key by key, lists item by item
 * (the translation has the same items in the same order), everything the translation leaves out
 * (numbers, images, order) taken from English. A translation that does not fit the English (another
 * item count, an identifying key that differs, a field the English does not have) throws, naming
 * where in `file`.
 */
export function overlay<T>(english: T, text: unknown, file: string, where = ""): T {
  const at = where || "(top)";
  if (Array.isArray(text)) {
    if (!Array.isArray(english)) throw new Error(`${file}: ${at} is a list, the English is not`);
    if (english.length !== text.length) {
      throw new Error(`${file}: ${at} has ${text.length} items, the English has ${english.length}`);
    }
    return english.map((item, i) => overlay(item, text[i], file, `${where}[${i}]`)) as T;
  }
  if (isRecord(text)) {
    if (!isRecord(english)) throw new Error(`${file}: ${at} is a group of fields, the English is not`);
    const result: Record<string, unknown> = { ...english };
    for (const [key, value] of Object.entries(text)) {
      const path = where ? `${where}.${key}` : key;
      if (!(key in english)) throw new Error(`${file}: the English has no "${path}"`);
      if (IDENTIFYING_KEYS.has(key) && value !== english[key]) {
        throw new Error(`${file}: "${path}" is "${String(value)}", the English has "${String(english[key])}"`);
      }
      result[key] = overlay(english[key], value, file, path);
    }
    return result as T;
  }
  if (typeof text !== typeof english) throw new Error(`${file}: ${at} should be a ${typeof english}`);
  return text as T;
}

/** A content entry in one language: its data in that language and the entry whose body it shows. */
export interface Localized<Data, Source = unknown> {
  /** The English entry's id: the same slug in every language. */
  id: string;
  locale: Locale;
  data: Data;
  /** The entry to render the body of (the translation, or the English entry itself). */
  source: Source;
}

interface Entry<Data> {
  id: string;
  data: Data;
  filePath?: string | undefined;
}

/**
 * English entries in `locale`: each with its translation laid over it. `translationId` names the
 * translation entry of an English id ("et/products/felt-panels"); a missing translation throws,
 * naming the file to add, and so does a translation without an English entry.
 */
export function localizeEntries<Data, E extends Entry<Data>, T extends Entry<unknown>>(
  english: readonly E[],
  translations: readonly T[],
  locale: Locale,
  translationId: (id: string) => string,
  englishFile: (entry: E) => string,
): Localized<Data, E | T>[] {
  if (locale === DEFAULT_LOCALE)
    return english.map((entry) => ({ id: entry.id, locale, data: entry.data, source: entry }));
  const byId = new Map(translations.map((entry) => [entry.id, entry]));
  const wanted = new Set(english.map((entry) => translationId(entry.id)));
  const prefix = translationId("");
  for (const entry of translations) {
    if (entry.id.startsWith(prefix) && !wanted.has(entry.id)) {
      throw new Error(
        `${entry.filePath ?? entry.id}: a ${locale} translation of an entry that does not exist in English`,
      );
    }
  }
  return english.map((entry) => {
    const translation = byId.get(translationId(entry.id));
    if (!translation) {
      throw new Error(
        `Missing ${locale} translation of ${englishFile(entry)}: add content/${translationId(entry.id)}${englishFile(entry).match(/\.\w+$/)?.[0] ?? ""}`,
      );
    }
    const file = translation.filePath ?? translation.id;
    return { id: entry.id, locale, data: overlay(entry.data, translation.data, file), source: translation };
  });
}
