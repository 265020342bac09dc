// One warm instance of a built function (see warm-functions.mjs): loads the function once and then
// answers invocations one at a time, as an instance of a deployed function does. Each invocation
// arrives as { id, entry, event, clientContext, timeoutMs } and is answered with { id, result } or
// { id, error }; a streamed body is collected and sent back as bytes.
import { parentPort } from "node:worker_threads";
import lambdaLocal from "lambda-local";

if (!parentPort) throw new Error("function-instance.mjs runs as a worker only");
lambdaLocal.getLogger().level = "alert";

/** Statuses that carry no body. */
const NO_BODY = new Set([101, 204, 205, 304]);

/** @type {Promise<unknown> | undefined} */
let loaded;

/** The storage writes of the current invocation, which kill:after-write-N counts (netlify/lib/faults.ts). */
const WRITES = Symbol.for("site.faults.storage-writes");

/** @param {unknown} body */
async function bodyBytes(body) {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string" || body instanceof Uint8Array) return body;
  if (typeof body === "object" && Symbol.asyncIterator in body) {
    const chunks = [];
    for await (const chunk of /** @type {AsyncIterable<Uint8Array | string>} */ (body)) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    }
    return Buffer.concat(chunks);
  }
  return String(body);
}

parentPort.on("message", async ({ id, entry, event, clientContext, timeoutMs }) => {
  try {
    /** @type {Record<symbol, number>} */ (/** @type {unknown} */ (globalThis))[WRITES] = 0;
    loaded ??= import(entry);
    const lambdaFunc = await loaded;
    const result = await lambdaLocal.execute({
      clientContext,
      event,
      lambdaFunc,
      region: "dev",
      timeoutMs,
      verboseLevel: 3,
    });
    const body = NO_BODY.has(result?.statusCode) ? undefined : await bodyBytes(result?.body);
    parentPort?.postMessage({ id, result: { ...result, body } });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
