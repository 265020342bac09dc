// @ts-check
// A POST to a local server from a loopback address of the caller's choice (127.x.y.z), so that one
// script can stand for many visitors: the preview tells clients apart by their address, as Netlify
// does. Redirects are not followed; the answer's status, headers and text come back.
import { request } from "node:http";

/**
 * @param {string} url
 * @param {{ headers: Record<string, string>, body: string, localAddress: string, timeoutMs?: number }} options
 * @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: string }>}
 */
export function localPost(url, { headers, body, localAddress, timeoutMs = 60_000 }) {
  return new Promise((resolve) => {
    const req = request(url, { method: "POST", headers, localAddress, timeout: timeoutMs }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on("error", () => resolve({ status: 0, headers: {}, body: "" }));
    });
    req.on("timeout", () => req.destroy());
    // No answer at all (the connection broke): the visitor was told nothing.
    req.on("error", () => resolve({ status: 0, headers: {}, body: "" }));
    req.end(body);
  });
}
