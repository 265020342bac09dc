import { createHmac } from "node:crypto";
import { type BlobStore, guard } from "../../../../netlify/lib/storage";
import { updateJSON } from "../../inbox/server/cas";
import { MAX_SAMPLES } from "../../samples/schema";
import { SPAM_THRESHOLD } from "../threshold";
import type { SpamReason } from "./verdict";

/**
 * Sample-form abuse that reads like a customer: one flat asking for every finish again and again,
 * under a new name and a new mail address each time. Within REPEAT_WINDOW_MS, at one delivery address,
 * a private requester (a mail address, no company named) is filed as spam when they are the
 * REPEAT_REQUESTERS-th different one, or a new one whose finishes take the address past MAX_SAMPLES
 * (what one request may hold). A second requester within the limit is not: households share
 * addresses. A request that names a company is never counted: a building full of studios shares one
 * street address, and an office's colleagues share it too.
 */
export const REPEAT_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
export const REPEAT_REQUESTERS = 3;
/** Requests kept per address: more tell nothing the first ones did not. */
const KEPT = 20;

/** A sample request's delivery address and who asked, as the check reads them. */
export interface DeliveryRequest {
  name: string;
  email: string;
  company: string | null;
  address: { street: string; postal_code: string };
  /** The finishes' keys ("felt-panels/moss"). */
  finishes?: readonly string[] | null | undefined;
}

/** One request at an address: when, a salted hash of who, and the finishes' keys. */
export interface DeliveryVisit {
  at: number;
  by: string;
  finishes?: string[];
}

/** Lower case, accents dropped, split into runs of letters and runs of digits: "8D45" is 8, d, 45. */
const pieces = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .match(/\p{L}+|\p{N}+/gu) ?? [];

/**
 * One delivery point, however it is written: the postal code, and for a numbered address the street's
 * first letter and its numbers ("Sõpruse pst 145-12", "Sopruse puiestee 145 kv 12" and "Sõpruse pst.
 * 145 - 12" are one flat), for one without numbers (a parcel locker, a farm) its longest word.
 */
export function deliveryPoint(address: DeliveryRequest["address"]): string {
  const street = pieces(address.street);
  const numbers = street.filter((piece) => /^\p{N}+$/u.test(piece)).map((n) => String(Number(n)));
  const words = street.filter((piece) => !/^\p{N}+$/u.test(piece));
  const place =
    numbers.length > 0
      ? `${words[0]?.[0] ?? ""}${numbers.join(".")}`
      : words.reduce((longest, word) => (word.length > longest.length ? word : longest), "");
  return `${pieces(address.postal_code).join("")}|${place}`;
}

const hmac = (salt: string, text: string) => createHmac("sha256", salt).update(text).digest("hex");

/** The record's key: the delivery point hashed with the salt, never the address. */
export const deliveryKey = (request: DeliveryRequest, salt: string) =>
  `delivery-${hmac(salt, deliveryPoint(request.address))}`;

/** Whether the check counts a request: a private one, naming no company. */
export const counted = (request: DeliveryRequest) => !request.company?.trim();

/** Who asked: the mail address, hashed with the salt. */
export const requesterOf = (request: DeliveryRequest, salt: string) =>
  hmac(salt, `mail:${request.email.trim().toLowerCase()}`);

/** The address's visits with this one added: older than the window dropped, the newest KEPT kept. */
export function withVisit(visits: DeliveryVisit[], visit: DeliveryVisit): DeliveryVisit[] {
  const recent = visits.filter((v) => typeof v?.at === "number" && v.at > visit.at - REPEAT_WINDOW_MS);
  return [...recent, visit].slice(-KEPT);
}

/** The different finishes asked for in some visits (a stored record's junk ignored). */
const finishesOf = (visits: DeliveryVisit[]) =>
  new Set(visits.flatMap((v) => (Array.isArray(v.finishes) ? v.finishes.filter((f) => typeof f === "string") : [])));

/**
 * The reason the newest request (the last visit) is filed for: its address has had REPEAT_REQUESTERS
 * different requesters, or its requester is new there and takes the address past MAX_SAMPLES finishes.
 */
export function repeatReason(visits: DeliveryVisit[]): SpamReason | null {
  const requesters = new Set(visits.map((v) => v.by)).size;
  const reason = (detail: string): SpamReason => ({ rule: "repeat-address", points: SPAM_THRESHOLD, detail });
  if (requesters >= REPEAT_REQUESTERS)
    return reason(`${requesters} different people asked for samples to this address within 30 days`);
  const newest = visits.at(-1);
  const earlier = visits.slice(0, -1);
  if (!newest || earlier.length === 0 || earlier.some((v) => v.by === newest.by)) return null;
  const finishes = finishesOf(visits).size;
  if (finishes <= MAX_SAMPLES) return null;
  return reason(
    `another person asked for samples to this address within 30 days: ${finishes} different finishes in all, where one request may hold ${MAX_SAMPLES}`,
  );
}

/** Notes a sample request at its address and gives the address's recent visits, this one included. */
export type DeliveryLog = (request: DeliveryRequest) => Promise<DeliveryVisit[]>;

/** The delivery log kept in Blobs (the rate limit's store), one record per address, written with a conditional write. */
export function blobDeliveryLog(deps: { store: BlobStore; salt: string; now?: () => number }): DeliveryLog {
  const now = deps.now ?? Date.now;
  return async (request) => {
    const visit = { at: now(), by: requesterOf(request, deps.salt), finishes: [...(request.finishes ?? [])] };
    const record = await updateJSON<{ visits: DeliveryVisit[] }>(
      deps.store,
      deliveryKey(request, deps.salt),
      (current) => ({ visits: withVisit(Array.isArray(current?.visits) ? current.visits : [], visit) }),
      "a delivery address record",
    );
    return record?.visits ?? [visit];
  };
}

/** Deletes the address records whose every visit is older than the window. Returns how many went. */
export async function pruneDeliveryLog(store: BlobStore, now: number): Promise<number> {
  const { blobs } = await guard("listing delivery records", () => store.list({ prefix: "delivery-" }));
  let deleted = 0;
  for (const { key } of blobs) {
    const data = (await guard("reading a delivery record", () =>
      store.get(key, { type: "json", consistency: "strong" }),
    )) as { visits?: unknown } | null;
    const visits = Array.isArray(data?.visits) ? (data.visits as DeliveryVisit[]) : [];
    if (visits.some((v) => typeof v?.at === "number" && v.at > now - REPEAT_WINDOW_MS)) continue;
    await guard("deleting a delivery record", () => store.delete(key));
    deleted += 1;
  }
  return deleted;
}
