import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openStore, STORAGE_LIMITS, StorageUnavailableError } from "../../netlify/lib/storage";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { deleteEnquiry, saveIndexedEnquiry } from "../../src/features/inbox/server/enquiry-store";
import { claimDeletion } from "../../src/features/inbox/server/index-store";
import { enquiryKey } from "../../src/features/inbox/server/storage-layout";
import { startBlobs } from "../support/blobs";
import { standInBlobs } from "../support/stand-in-blobs";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** Shorter limits than the site's, so the many cases here run fast; one case keeps the site's own. */
const SHORT = { attemptMs: 400, callMs: 600 };

async function guarded(answer: Parameters<typeof standInBlobs>[0], limits = SHORT) {
  const server = await standInBlobs(answer);
  stop = server.stop;
  return { server, store: openStore(server.options("guarded"), { limits }), limits };
}

/** How long a promise took to settle, and how. */
async function timed<T>(promise: Promise<T>) {
  const started = Date.now();
  const outcome = await promise.then(
    (value) => ({ value, error: null as unknown }),
    (error: unknown) => ({ value: null, error }),
  );
  return { ...outcome, ms: Date.now() - started };
}

describe("openStore: a conditional write the server did not accept fails", () => {
  for (const [status, limits] of [
    [503, STORAGE_LIMITS],
    [500, SHORT],
    [400, SHORT],
    [403, SHORT],
  ] as const) {
    it(`onlyIfNew and onlyIfMatch answered ${status}: StorageUnavailableError within the call's limit`, async () => {
      const { store } = await guarded((req) => (req.method === "PUT" ? status : 200), limits);
      for (const options of [{ onlyIfNew: true as const }, { onlyIfMatch: '"e"' }]) {
        const { error, ms } = await timed(store.setJSON("k", { n: 1 }, options));
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect(ms).toBeLessThan(limits.callMs + 500);
      }
    });
  }

  it("a 412 is a refused condition, as before; a 200 or 201 is a stored write", async () => {
    let status = 412;
    const { store } = await guarded(() => status);
    expect((await store.setJSON("k", {}, { onlyIfNew: true })).modified).toBe(false);
    status = 201;
    expect((await store.setJSON("k", {}, { onlyIfNew: true })).modified).toBe(true);
    status = 200;
    expect((await store.setJSON("k", {}, { onlyIfMatch: '"e"' })).modified).toBe(true);
  });

  it("a write that fails twice and then goes through is stored, without the library's five-second waits", async () => {
    const { server, store } = await guarded((_req, n) => (n <= 2 ? 503 : 200));
    const { value, ms } = await timed(store.setJSON("k", {}, { onlyIfNew: true }));
    expect(value?.modified).toBe(true);
    expect(server.requests).toHaveLength(3);
    expect(ms).toBeLessThan(1_500);
  });

  it("a storage that never answers fails a read and a write within the call's limit, and sends nothing after", async () => {
    const { server, store, limits } = await guarded(() => "hang");
    const calls: (() => Promise<unknown>)[] = [() => store.get("k"), () => store.setJSON("k", {}, { onlyIfNew: true })];
    for (const call of calls) {
      const { error, ms } = await timed(call());
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect(ms).toBeGreaterThanOrEqual(limits.callMs - 50);
      expect(ms).toBeLessThan(limits.callMs + 500);
    }
    const sent = server.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests.length).toBe(sent);
  });
});

describe("openStore against the local Blobs server, with faults switched on", () => {
  let blobs: Awaited<ReturnType<typeof startBlobs>>;
  beforeAll(async () => {
    blobs = await startBlobs();
  });
  afterAll(async () => {
    await blobs.stop();
  });

  it("blobs-write:503 fails conditional and plain writes; reads still work", async () => {
    const plain = blobs.store("faults-write");
    await plain.setJSON("there", { n: 1 });
    const faulty = blobs.store("faults-write", [{ name: "blobs-write:503", rate: 1 }], SHORT);
    await expect(faulty.setJSON("k", {}, { onlyIfNew: true })).rejects.toThrow(StorageUnavailableError);
    await expect(faulty.setJSON("k", {})).rejects.toThrow(StorageUnavailableError);
    expect(await faulty.get("there", { type: "json" })).toEqual({ n: 1 });
    expect(await plain.get("k")).toBeNull();
  });

  it("blobs-read:503 fails reads and lists", async () => {
    const faulty = blobs.store("faults-read", [{ name: "blobs-read:503", rate: 1 }], SHORT);
    await expect(faulty.get("k")).rejects.toThrow(StorageUnavailableError);
    await expect(faulty.list()).rejects.toThrow(StorageUnavailableError);
  });
});

describe("a contact post during a Blobs outage", () => {
  let blobs: Awaited<ReturnType<typeof startBlobs>>;
  beforeAll(async () => {
    blobs = await startBlobs();
  });
  afterAll(async () => {
    await blobs.stop();
  });

  const post = () =>
    new Request("https://aural.example/api/submit-contact-form", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Mari Maasikas",
        email: "mari@example.ee",
        message: "We need panels for a 40 m² meeting room.",
        website: "",
      }),
    });

  it("is answered 503 storage_unavailable within the storage's limit when the enquiry's write is refused, and nothing is stored", async () => {
    const writesFail = [{ name: "blobs-write:503" as const, rate: 1 }];
    const plain = { submissions: blobs.store("outage-s"), index: blobs.store("outage-i") };
    const handle = createContactHandler({
      // The rate limit still works; the inbox's own writes are refused.
      rateLimits: blobs.store("outage-r"),
      submissions: blobs.store("outage-s", writesFail),
      index: blobs.store("outage-i", writesFail),
      salt: "test-salt",
      log: () => {},
    });
    const { value: response, ms } = await timed(handle(post(), { ip: "203.0.113.9" }));
    expect(response?.status).toBe(503);
    expect(await response?.json()).toEqual({ error: { code: "storage_unavailable", message: expect.any(String) } });
    expect(ms).toBeLessThan(STORAGE_LIMITS.callMs + 1_000);
    expect((await plain.submissions.list()).blobs).toEqual([]);
    expect((await plain.index.list()).blobs).toEqual([]);
  });
});

describe("a deletion that stopped half-way", () => {
  let blobs: Awaited<ReturnType<typeof startBlobs>>;
  beforeAll(async () => {
    blobs = await startBlobs();
  });
  afterAll(async () => {
    await blobs.stop();
  });

  it("is finished by the next deletion of that enquiry, which finds it gone", async () => {
    const stores = {
      submissions: blobs.store("halfway-s"),
      index: blobs.store("halfway-i"),
      outbox: blobs.store("halfway-o"),
    };
    const submission = {
      id: crypto.randomUUID(),
      created_at: new Date().toISOString(),
      name: "Mari",
      email: "mari@example.ee",
      company: null,
      phone: null,
      message: "Panels, please.",
      language: "en" as const,
    };
    await saveIndexedEnquiry(stores, submission);
    const key = enquiryKey(new Date(submission.created_at), submission.id);
    await stores.outbox.setJSON(key, { id: submission.id });
    // The first deletion claimed the enquiry and deleted it, then its function stopped.
    expect(await claimDeletion(stores.index, submission.id, Date.now())).toBe(key);
    await stores.submissions.delete(key);

    expect(await deleteEnquiry(stores, submission.id)).toBe(false);
    expect(await stores.index.get(`id/${submission.id}`)).toBeNull();
    expect(await stores.index.get(`pending/${key}`)).toBeNull();
    expect(await stores.outbox.get(key)).toBeNull();
  });
});
