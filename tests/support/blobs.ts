import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import "../../scripts/local-fixes/netlify-blobs-server.mjs";

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
    store: (name: string) =>
      getStore({ name, edgeURL, uncachedEdgeURL: edgeURL, token, siteID: "test-site", consistency: "strong" }),
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
