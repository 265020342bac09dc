import { readFile } from "node:fs/promises";
import type { Loader } from "astro/loaders";
import { TRANSLATED_LOCALES } from "./locales";

/**
 * A content loader for a translated JSON file, content/<language>/<path>, one entry per translated
 * language (its id is the language). A missing file stops the build, naming it. A file holding a list
 * is stored as `{ items: [...] }`.
 */
export function translationFiles(path: string): Loader {
  return {
    name: "translation-files",
    load: async ({ store, parseData, watcher }) => {
      store.clear();
      for (const locale of TRANSLATED_LOCALES) {
        const filePath = `content/${locale}/${path}`;
        watcher?.add(filePath);
        let text: string;
        try {
          text = await readFile(filePath, "utf8");
        } catch {
          throw new Error(`Missing ${locale} translation of content/${path}: add ${filePath}`);
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (error) {
          throw new Error(`${filePath} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
        }
        const data = await parseData({
          id: locale,
          data: Array.isArray(parsed) ? { items: parsed } : (parsed as Record<string, unknown>),
          filePath,
        });
        store.set({ id: locale, data, filePath });
      }
    },
  };
}
