// The stock @netlify/blobs client still reports a conditional write the server did not accept as
// stored, which scripts/local-fixes/netlify-blobs-conditional-writes.ts works around. When a test here
// fails after an upgrade, the library has its fix: delete the local fix's status check (openStore keeps
// its time limits) and this file.
import { getStore } from "@netlify/blobs";
import { afterEach, describe, expect, it } from "vitest";
import { standInBlobs } from "../support/stand-in-blobs";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function stockStore(status: number) {
  const server = await standInBlobs((req) => (req.method === "PUT" ? status : 200));
  stop = server.stop;
  return { server, store: getStore({ ...server.options("writes"), consistency: "strong" }) };
}

describe("the stock Blobs client (@netlify/blobs) still needs the conditional-writes fix", () => {
  it("runs under the test environment, where its retries are 1 ms apart", () => {
    expect(process.env.NODE_ENV).toBe("test");
  });

  for (const status of [500, 503]) {
    it(`reports onlyIfNew and onlyIfMatch writes answered ${status} as stored`, async () => {
      const { server, store } = await stockStore(status);
      expect(await store.setJSON("k", { n: 1 }, { onlyIfNew: true })).toEqual({ etag: "", modified: true });
      expect(await store.setJSON("k", { n: 1 }, { onlyIfMatch: '"e"' })).toEqual({ etag: "", modified: true });
      // The library tried six times each before it gave that answer.
      expect(server.requests.filter((r) => r.conditional)).toHaveLength(12);
    });
  }

  it("reports a conditional write answered 403 as stored", async () => {
    const { store } = await stockStore(403);
    expect((await store.set("k", "v", { onlyIfNew: true })).modified).toBe(true);
  });

  it("throws for a plain write answered 503, as it should", async () => {
    const { store } = await stockStore(503);
    await expect(store.setJSON("k", { n: 1 })).rejects.toThrow();
  });
});
