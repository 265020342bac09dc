import type { Contact, Submission } from "../../src/schemas/contact";
import { type BlobStore, guard, StorageUnavailableError } from "./storage";

/** Keys sort newest first: Blobs lists keys in ascending order, so the time is inverted. */
const MAX_TIME = 9_999_999_999_999;
export function submissionKey(createdAt: Date, id: string): string {
  return `${String(MAX_TIME - createdAt.getTime()).padStart(13, "0")}-${id}`;
}

export function toSubmission(contact: Contact, id: string, createdAt: Date): Submission {
  return {
    id,
    created_at: createdAt.toISOString(),
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    company: contact.company,
    message: contact.message,
  };
}

/** Writes one submission under a new key; a single write, so it is stored whole or not at all. */
export async function saveSubmission(store: BlobStore, submission: Submission): Promise<void> {
  const key = submissionKey(new Date(submission.created_at), submission.id);
  const result = await guard("storing the submission", () => store.setJSON(key, submission, { onlyIfNew: true }));
  if (!result.modified) throw new StorageUnavailableError("submission key already taken");
}

export const PAGE_SIZE = 50;
const KEY = /^\d{13}-[0-9a-f-]{36}$/;
export const isSubmissionKey = (key: string) => KEY.test(key);

/**
 * One page of submissions, newest first. The cursor is the last key of the previous page; keys
 * sort newest first, so the next page is simply the keys after it.
 */
export async function listSubmissions(
  store: BlobStore,
  { cursor, limit = PAGE_SIZE }: { cursor?: string | null; limit?: number },
): Promise<{ submissions: Submission[]; next_cursor: string | null }> {
  const listed = await guard("listing submissions", () => store.list());
  const keys = listed.blobs
    .map((b) => b.key)
    .filter(isSubmissionKey)
    .sort();
  const start = cursor ? keys.findIndex((key) => key > cursor) : 0;
  const page = start === -1 ? [] : keys.slice(start, start + limit);
  const values = await Promise.all(
    page.map((key) =>
      guard("reading a submission", () => store.get(key, { type: "json" }) as Promise<Submission | null>),
    ),
  );
  const submissions = values.filter((v): v is Submission => v !== null);
  const last = page.at(-1);
  const more = start !== -1 && start + limit < keys.length;
  return { submissions, next_cursor: more && last ? last : null };
}
