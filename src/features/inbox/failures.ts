import { showToast } from "../forms/Toasts";
import { InboxApiError } from "./api";

/** What staff read when the site's storage cannot be reached: never an empty inbox. */
export const STORAGE_DOWN = "Storage is unavailable, nothing was changed. Please try again in a minute.";

/** Whether a failed call met the storage down (503 storage_unavailable). */
export const storageDown = (error: unknown) => error instanceof InboxApiError && error.code === "storage_unavailable";

/** A toast with the API's message, or the action's own when there is none; the storage's outage says so. */
export function fail(error: unknown, fallback: string) {
  if (storageDown(error)) return showToast("error", "Storage unavailable", STORAGE_DOWN);
  showToast("error", "Error", error instanceof Error && error.message ? error.message : fallback);
}

/** The API's messages for single fields of a refused call, so a form can show each by its field. */
export const fieldsOf = (error: unknown) => (error instanceof InboxApiError ? error.fields : {});
