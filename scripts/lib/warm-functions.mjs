// The preview runs built functions as Netlify runs deployed ones: an instance loads a function once and
// serves one invocation at a time, and a request that arrives while every instance of that function
// is busy gets a new one. The local server instead starts a fresh worker for every request, which
// re-imports the function each time (about 0.3 s here): right under `npm start`, where the source
// changes, but not what a visitor or an admin of a deployed site waits for.
import { Worker } from "node:worker_threads";

const INSTANCE_SCRIPT = new URL("./function-instance.mjs", import.meta.url);
const WRAPPED = Symbol.for("aural.warm-functions");

/** Content types whose bodies a Lambda event carries as text; any other body is base64. */
const TEXT_TYPE = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)\b|[^;]*\+(json|xml)\b)/i;

/**
 * A map keyed by names the client chose (query parameters, headers): without a prototype, so a name
 * such as `__proto__`, `constructor` or `toString` is an entry like any other.
 * @template T
 * @returns {Record<string, T>}
 */
const namedMap = () => Object.create(null);

/**
 * The Lambda event of a web request, as the bootstrap of a v2 function reads it.
 * @param {Request} request
 * @param {unknown} route
 */
async function lambdaEvent(request, route) {
  const url = new URL(request.url);
  /** @type {Record<string, string>} */
  const query = namedMap();
  /** @type {Record<string, string[]>} */
  const multiQuery = namedMap();
  for (const [key, value] of url.searchParams) {
    query[key] = Object.hasOwn(query, key) ? `${query[key]},${value}` : value;
    multiQuery[key] = [...(multiQuery[key] ?? []), value];
  }
  /** @type {Record<string, string>} */
  const headers = namedMap();
  /** @type {Record<string, string[]>} */
  const multiHeaders = namedMap();
  for (const [key, value] of request.headers) {
    headers[key] = value;
    multiHeaders[key] = value.split(",").map((part) => part.trim());
  }
  const bytes = Buffer.from(await request.arrayBuffer());
  const asText = TEXT_TYPE.test(request.headers.get("content-type") ?? "text/plain");
  return {
    rawUrl: url.href,
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders: multiHeaders,
    queryStringParameters: query,
    multiValueQueryStringParameters: multiQuery,
    body: bytes.length === 0 ? null : asText ? bytes.toString("utf8") : bytes.toString("base64"),
    isBase64Encoded: bytes.length > 0 && !asText,
    route,
  };
}

/** The web response of a Lambda result. */
function webResponse(result) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined) headers.set(name, String(value));
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const value of values) headers.append(name, String(value));
  }
  const body =
    result.isBase64Encoded && typeof result.body === "string" ? Buffer.from(result.body, "base64") : result.body;
  return new Response(body ?? null, { status: result.statusCode, headers });
}

/**
 * Makes the local Functions runtime run v2 functions in warm instances. Returns a function
 * that stops every instance and restores the runtime.
 */
export function warmInstances(runtime) {
  if (runtime[WRAPPED]) return runtime[WRAPPED];
  const original = runtime.invokeFunction;
  /** @type {Map<string, Worker[]>} idle instances per built entry file */
  const idle = new Map();
  /** @type {Set<Worker>} */
  const all = new Set();
  let nextId = 0;

  function instance(entry) {
    const free = idle.get(entry)?.pop();
    if (free) return free;
    const worker = new Worker(INSTANCE_SCRIPT);
    all.add(worker);
    worker.once("exit", () => {
      all.delete(worker);
      const list = idle.get(entry);
      if (list)
        idle.set(
          entry,
          list.filter((w) => w !== worker),
        );
    });
    return worker;
  }

  function invoke(worker, message) {
    return new Promise((resolve, reject) => {
      const onMessage = (reply) => {
        if (reply.id !== message.id) return;
        worker.off("message", onMessage);
        worker.off("error", onError);
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply.result);
      };
      const onError = (error) => {
        worker.off("message", onMessage);
        reject(error);
      };
      worker.on("message", onMessage);
      worker.once("error", onError);
      worker.postMessage(message);
    });
  }

  runtime.invokeFunction = async function invokeWarm(options) {
    const { context, func, request, route, timeout } = options;
    const build = await func.getBuildData();
    if (build?.runtimeAPIVersion !== 2) return original.call(this, options);
    const entry = new URL(`file://${build.buildPath ?? func.mainFile}`).href;
    const worker = instance(entry);
    try {
      const result = await invoke(worker, {
        id: ++nextId,
        entry,
        event: await lambdaEvent(request, route),
        clientContext: JSON.stringify(context),
        timeoutMs: timeout * 1000,
      });
      idle.set(entry, [...(idle.get(entry) ?? []), worker]);
      return webResponse(result);
    } catch (error) {
      // An instance that failed (or timed out) is not reused, as a crashed instance is replaced.
      await worker.terminate();
      throw error;
    }
  };

  const stop = async () => {
    runtime.invokeFunction = original;
    delete runtime[WRAPPED];
    await Promise.all([...all].map((worker) => worker.terminate()));
  };
  runtime[WRAPPED] = stop;
  return stop;
}
