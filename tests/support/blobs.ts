import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import "../../scripts/local-fixes/netlify-blobs-server.mjs";
import type { Fault } from "../../netlify/lib/faults";
import { openStore, STORAGE_LIMITS } from "../../netlify/lib/storage";

/** A real local Blobs server in a temporary folder, with helpers to open stores on it. */
export async function startBlobs() {
  const directory = await mkdtemp(join(tmpdir(), "blobs-test-"));
  const token = "test-token";
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://localhost:${port}`;
  return {
    /** The NETLIFY_BLOBS_CONTEXT a function running against this server reads. */
    context: Buffer.from(JSON.stringify({ edgeURL, uncachedEdgeURL: edgeURL, token, siteID: "test-site" })).toString(
      "base64",
    ),
    /** A store as the functions open it (guarded: see openStore), with any faults given switched on. */
    store: (name: string, faults: Fault[] = [], limits = STORAGE_LIMITS) =>
      openStore({ name, edgeURL, uncachedEdgeURL: edgeURL, token, siteID: "test-site" }, { faults, limits }),
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
