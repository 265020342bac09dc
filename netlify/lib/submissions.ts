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
