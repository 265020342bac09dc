// The repeat-address check of the sample form against the real local Blobs server: the record it keeps
// per delivery address, what it files, what it never counts, and what happens when its store fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFault } from "../../netlify/lib/faults";
import { DEVELOPMENT_ALTCHA_KEY } from "../../src/features/spam/server/proof";
import { blobDeliveryLog, pruneDeliveryLog, REPEAT_WINDOW_MS } from "../../src/features/spam/server/repeat-address";
import { DELIVERY_CHECK_MS, type EnquiryText, spamCheck } from "../../src/features/spam/server/screen";
import { startBlobs } from "../support/blobs";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const post = {
  proof: undefined,
  ip: "192.0.2.7",
  userAgent: "Mozilla/5.0",
  referrer: "https://aural.example/et/samples",
};

const request = (
  name: string,
  email: string,
  street: string,
  company: string | null = null,
  finishes: string[] = ["felt-panels/moss"],
): EnquiryText => ({
  kind: "samples",
  name,
  email,
  company,
  phone: null,
  message: null,
  address: { street, postal_code: "10415", city: "Tallinn" },
  finishes,
  language: "et",
});

/** A spam check whose only record is a fresh delivery log on the local server, at a clock the test sets. */
function checker(faults: string[] = []) {
  run += 1;
  const store = blobs.store(`delivery-${run}`, faults.map(parseFault));
  const clock = { now: Date.UTC(2026, 10, 1) };
  const logs: string[] = [];
  const check = spamCheck({
    proof: { key: DEVELOPMENT_ALTCHA_KEY, used: blobs.store(`delivery-proofs-${run}`) },
    deliveries: blobDeliveryLog({ store, salt: "a-test-salt", now: () => clock.now }),
    log: (message) => logs.push(message),
  });
  return { check, store, clock, logs };
}

describe("the repeat-address check", () => {
  it("files the third private requester at one flat within 30 days, however the street is written", async () => {
    const { check, store } = checker();
    expect(await check(request("Mart Saar", "martsaar1990@postkast.example", "Vana-Kalamaja 9-14"), post)).toBeNull();
    expect(await check(request("M. Saar", "m.saar.tln@kiirpost.example", "Vana-kalamaja 9–14"), post)).toBeNull();
    const third = await check(request("Maria Saar", "maria.saar.88@mail.example", "Vana-Kalamaja 9 - 14"), post);
    expect(third?.reasons.map((reason) => reason.rule)).toContain("repeat-address");
    expect(third?.reasons.find((reason) => reason.rule === "repeat-address")?.detail).toBe(
      "3 different people asked for samples to this address within 30 days",
    );
    // The record holds salted hashes, times and finishes: no street, name or mail address.
    const { blobs: records } = await store.list({ prefix: "delivery-" });
    expect(records).toHaveLength(1);
    const raw = JSON.stringify(await store.get(records[0]?.key ?? "", { type: "json" }));
    expect(raw).not.toMatch(/kalamaja|saar|10415|@/i);
  });

  it("files a second private requester who takes one flat past four finishes, however the name is written", async () => {
    const { check } = checker();
    const felt = ["moss", "sand", "terracotta", "stone", "ink", "fjord", "olive"].map((f) => `felt-panels/${f}`);
    expect(
      await check(
        request("Kati Kask", "kati.kask@postkast.example", "Mustamäe tee 55-12", null, felt.slice(0, 4)),
        post,
      ),
    ).toBeNull();
    // The same person asking for more is a returning customer, not a disguise.
    expect(
      await check(
        request("Kati Kask", "kati.kask@postkast.example", "Mustamäe tee 55-12", null, felt.slice(4, 6)),
        post,
      ),
    ).toBeNull();
    const other = await check(
      request("Katrin Kask", "katrin.k77@kiirpost.example", "Mustamae tee 55 - 12", null, felt.slice(5, 7)),
      post,
    );
    expect(other?.reasons.find((reason) => reason.rule === "repeat-address")?.detail).toBe(
      "another person asked for samples to this address within 30 days: 7 different finishes in all, where one request may hold 4",
    );
  });

  it("does not file a second requester at one flat within four finishes: households share addresses", async () => {
    const { check } = checker();
    const oak = ["veneered-panels/oak-matt", "veneered-panels/oak-satin"];
    expect(await check(request("Mari Lepp", "mari@lepp.example", "Vanemuise 33-7", null, oak), post)).toBeNull();
    expect(
      await check(
        request("Jüri Lepp", "juri.lepp@mail.example", "Vanemuise 33-7", null, [...oak, "felt-panels/oat"]),
        post,
      ),
    ).toBeNull();
  });

  it("never counts the same person asking again, or a request that names a company", async () => {
    const { check } = checker();
    for (let i = 0; i < 3; i++) {
      expect(await check(request("Liis Tamm", "liis@tamm.example", "Telliskivi 60a"), post)).toBeNull();
    }
    for (const studio of ["Studio Kolm OÜ", "Arhitektid Neli OÜ", "Ruum Viis OÜ", "Kuus Disain OÜ"]) {
      expect(
        await check(request("Anna Kask", `${studio.slice(0, 4)}@studio.example`, "Telliskivi 60a", studio), post),
      ).toBeNull();
    }
    expect(await check(request("Peeter Mets", "peeter@mets.example", "Telliskivi 60a"), post)).toBeNull();
  });

  it("forgets an address after 30 days, and retention deletes the record", async () => {
    const { check, store, clock } = checker();
    await check(request("A One", "a1@mail.example", "Pikk 1-2"), post);
    await check(request("B Two", "b2@mail.example", "Pikk 1-2"), post);
    clock.now += REPEAT_WINDOW_MS + 1;
    expect(await check(request("C Three", "c3@mail.example", "Pikk 1-2"), post)).toBeNull();
    expect(await pruneDeliveryLog(store, clock.now)).toBe(0);
    expect(await pruneDeliveryLog(store, clock.now + REPEAT_WINDOW_MS)).toBe(1);
    expect((await store.list({ prefix: "delivery-" })).blobs).toHaveLength(0);
  });

  it("costs the check, never the post, when its store does not answer", async () => {
    const { check, logs } = checker(["blobs-write:503", "blobs-read:503"]);
    for (const name of ["A One", "B Two"]) {
      const started = Date.now();
      expect(await check(request(name, `${name[0]}@mail.example`, "Pikk 1-2"), post)).toBeNull();
      expect(Date.now() - started).toBeLessThan(DELIVERY_CHECK_MS + 1_000);
    }
    expect(logs.filter((line) => line.includes("delivery address record did not answer"))).toHaveLength(2);
  });
});
