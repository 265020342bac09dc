import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";

/** The preview's local Blobs data (Netlify's emulator keeps it under .netlify/blobs-serve). */
const root = join(process.cwd(), ".netlify", "blobs-serve");

async function storeDirs(store: string): Promise<string[]> {
  const dirs: string[] = [];
  for (const kind of ["entries", "metadata"]) {
    for (const site of await readdir(join(root, kind)).catch(() => [] as string[])) {
      dirs.push(join(root, kind, site, `site:${store}`));
    }
  }
  return dirs;
}

/** Forgets every client's recent submissions, so a test starts with a full allowance. */
export async function resetRateLimit(): Promise<void> {
  for (const dir of await storeDirs("contact-rate-limit")) await rm(dir, { recursive: true, force: true });
}

/** Stored submissions, newest first (the key order). */
export async function storedEnquiries(): Promise<Record<string, unknown>[]> {
  const [entries] = (await storeDirs("contact-submissions")).filter((d) => d.includes(`${join(root, "entries")}`));
  if (!entries) return [];
  const keys = (await readdir(entries).catch(() => [] as string[])).sort();
  return Promise.all(keys.map(async (key) => JSON.parse(await readFile(join(entries, key), "utf8"))));
}
