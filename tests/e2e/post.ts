import http from "node:http";

/**
 * Posts a submission to the preview from a chosen loopback address (127.0.0.0/8 all reaches this
 * machine), so a test gets its own rate-limit allowance, as a different visitor would.
 */
export function postFrom(
  localAddress: string,
  payload: unknown,
  path: "/api/submit-contact-form" | "/api/request-samples" = "/api/submit-contact-form",
): Promise<number> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: 8888,
        path,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
