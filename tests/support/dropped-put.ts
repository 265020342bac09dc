import { once } from "node:events";
import { connect } from "node:net";
import { BlobsServer } from "@netlify/blobs/server";
import { vi } from "vitest";

/** The emulator's put, which its types call private. */
const emulator = BlobsServer.prototype as unknown as { put(req: Request): Promise<Response> };

/** Where a local Blobs server listens and how a function reaches it. */
export interface BlobsEndpoint {
  edgeURL: string;
  token: string;
  siteID: string;
}

/**
 * Puts `key` in the site store `name` as a function stopped mid-request does: announces 100 bytes,
 * sends 10 and drops the connection, while the server reads the body or, with `late`, before it
 * reaches the put, as a busy one does. Resolves with the status the server answered, which no one
 * reads. Loads no local fix of the emulator: it drives whichever one the test file has started.
 */
export async function droppedPut(
  { edgeURL, token, siteID }: BlobsEndpoint,
  name: string,
  key: string,
  { late }: { late: boolean },
): Promise<number> {
  const { put } = emulator;
  const called = Promise.withResolvers<{ answer: Promise<Response> }>();
  const spy = vi.spyOn(emulator, "put").mockImplementation(function (this: unknown, req) {
    const gone = req.signal.aborted ? Promise.resolve() : once(req.signal, "abort");
    const answer = late ? gone.then(() => put.call(this, req)) : put.call(this, req);
    called.resolve({ answer });
    return answer;
  });
  try {
    const socket = connect(Number(new URL(edgeURL).port), "localhost");
    socket.on("error", () => {});
    await once(socket, "connect");
    socket.write(
      `PUT /${siteID}/site:${name}/${key} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Length: 100\r\n\r\n${"x".repeat(10)}`,
    );
    const { answer } = await called.promise;
    socket.destroy();
    return (await answer).status;
  } finally {
    spy.mockRestore();
  }
}
