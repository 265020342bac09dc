import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for the Blobs edge that answers every request as `answer` says (a status, or nothing at
 * all for "hang"), and counts what it was sent. For the faults a real Blobs server cannot be made to
 * show: a 503 to a conditional write, a request never answered.
 */
export async function standInBlobs(answer: (req: IncomingMessage, n: number) => number | "hang") {
  const requests: { method: string; conditional: boolean }[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    req.resume();
    requests.push({
      method: req.method ?? "",
      conditional: Boolean(req.headers["if-match"] ?? req.headers["if-none-match"]),
    });
    const status = answer(req, requests.length);
    if (status === "hang") {
      hanging.add(res);
      return;
    }
    res.writeHead(status, status < 300 ? { etag: '"stand-in"' } : {});
    res.end(status === 200 && req.method === "GET" ? "{}" : "");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    options: (name: string) => ({ name, edgeURL: url, uncachedEdgeURL: url, token: "t", siteID: "stand-in" }),
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
