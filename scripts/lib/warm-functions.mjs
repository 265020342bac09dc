// The preview runs built functions as Netlify runs deployed ones: an instance loads a function once and
// serves one invocation at a time, and a request that arrives while every instance of that function
// is busy gets a new one. The local server instead starts a fresh worker for every request, which
// re-imports the function each time: right under `npm start`, where the source
// changes, but not what a visitor or an admin of a deployed site waits for.
import { availableParallelism } from "node:os";
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
 * How many warm instances of one function run at once: one per core. Netlify spreads instances over
 * many machines; the preview has one, where starting an instance per request (200 posts at once: 200
 * instances on two cores) makes every request slow. Requests beyond the pool wait in line for a free
 * instance, as a deploy's requests would wait for capacity. Measured with 200 contact posts at once on
 * two cores (warm, p95): 1 instance 5.1-5.8 s, 2 5.3-5.5 s, 3 6.6-6.7 s, 4 5.9-7.2 s, 8 6.8-8.4 s, and
 * the fewer instances the shorter the cold start. PREVIEW_FUNCTION_INSTANCES overrides it.
 */
export const DEFAULT_POOL_SIZE = availableParallelism();

/** The answer of an invocation that ran out of time: the API's error shape, never a stack. */
export function timeoutResponse() {
  return new Response(
    JSON.stringify({ error: { code: "function_timeout", message: "The server took too long to answer" } }),
    { status: 504, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } },
  );
}

/**
 * The warm instances of one runtime: its own invokeFunction, the pool of each built entry file, every
 * instance running, and whether they were stopped.
 * @typedef {{ idle: Worker[], running: number, waiting: ((worker: Worker) => void)[] }} Pool
 * @typedef {{
 *   runtime: any,
 *   original: (options: any) => Promise<unknown>,
 *   poolSize: number,
 *   pools: Map<string, Pool>,
 *   all: Set<Worker>,
 *   nextId: number,
 *   stopped: boolean,
 * }} Warm
 */

/**
 * Makes the local Functions runtime run v2 functions in warm instances, at most `poolSize` per
 * function, the rest queued in arrival order. An invocation that runs longer than the function's
 * timeout is stopped (its instance ends, as a timed-out instance does) and answered 504. Returns a
 * function that stops every instance and restores the runtime.
 */
export function warmInstances(
  runtime,
  { poolSize = Number(process.env.PREVIEW_FUNCTION_INSTANCES) || DEFAULT_POOL_SIZE } = {},
) {
  if (runtime[WRAPPED]) return runtime[WRAPPED];
  /** @type {Warm} */
  const warm = {
    runtime,
    original: runtime.invokeFunction,
    poolSize,
    /** per built entry file */
    pools: new Map(),
    all: new Set(),
    nextId: 0,
    stopped: false,
  };
  runtime.invokeFunction = function invokeWarm(options) {
    return invokeInInstance(warm, this, options);
  };
  const stop = () => stopInstances(warm);
  runtime[WRAPPED] = stop;
  return stop;
}

/**
 * The pool of one built entry file, created empty on first use.
 * @param {Warm} warm
 * @param {string} entry
 */
function poolOf(warm, entry) {
  let pool = warm.pools.get(entry);
  if (!pool) {
    pool = { idle: [], running: 0, waiting: [] };
    warm.pools.set(entry, pool);
  }
  return pool;
}

/**
 * A new instance counted in the pool; when it ends, its place goes to the next in line.
 * @param {Warm} warm
 * @param {string} entry
 * @returns {Worker}
 */
function start(warm, entry) {
  const pool = poolOf(warm, entry);
  pool.running += 1;
  const worker = new Worker(INSTANCE_SCRIPT);
  warm.all.add(worker);
  worker.once("exit", () => {
    warm.all.delete(worker);
    pool.running -= 1;
    pool.idle = pool.idle.filter((w) => w !== worker);
    const next = warm.stopped ? undefined : pool.waiting.shift();
    if (next) next(start(warm, entry));
  });
  return worker;
}

/**
 * An idle instance, a new one while the pool has room, or the next one freed.
 * @param {Warm} warm
 * @param {string} entry
 * @returns {Promise<Worker>}
 */
function acquire(warm, entry) {
  const pool = poolOf(warm, entry);
  const free = pool.idle.pop();
  if (free) return Promise.resolve(free);
  if (pool.running < warm.poolSize) return Promise.resolve(start(warm, entry));
  return new Promise((resolve) => pool.waiting.push(resolve));
}

/**
 * Hands a finished instance to the next in line, or back to the idle ones.
 * @param {Warm} warm
 * @param {string} entry
 * @param {Worker} worker
 */
function release(warm, entry, worker) {
  const pool = poolOf(warm, entry);
  const next = pool.waiting.shift();
  if (next) next(worker);
  else pool.idle.push(worker);
}

/**
 * Sends one invocation to an instance and resolves with its result; rejects when the instance reports
 * an error, fails or ends before it answers.
 * @param {Worker} worker
 * @param {{ id: number } & Record<string, unknown>} message
 */
function invoke(worker, message) {
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (reply) => {
      if (reply.id !== message.id) return;
      done();
      if (reply.error) reject(new Error(reply.error));
      else resolve(reply.result);
    };
    const onError = (error) => {
      done();
      reject(error);
    };
    // An instance whose process ended mid-invocation (it crashed, or was killed) answers nothing.
    const onExit = (code) => {
      done();
      reject(new Error(`the function's instance ended (exit code ${code}) before it answered`));
    };
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.postMessage(message);
  });
}

/**
 * The runtime's invokeFunction with warm instances: a v2 function runs in an instance of its pool,
 * within its timeout; any other goes to the runtime's own invokeFunction, called on `self`.
 * @param {Warm} warm
 * @param {unknown} self
 */
async function invokeInInstance(warm, self, options) {
  const { context, func, request, route, timeout } = options;
  const build = await func.getBuildData();
  if (build?.runtimeAPIVersion !== 2) return warm.original.call(self, options);
  const entry = new URL(`file://${build.buildPath ?? func.mainFile}`).href;
  const event = await lambdaEvent(request, route);
  const worker = await acquire(warm, entry);
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeout * 1000);
  });
  try {
    const result = await Promise.race([
      invoke(worker, {
        id: ++warm.nextId,
        entry,
        event,
        clientContext: JSON.stringify(context),
        // The instance's own limit comes later: the pool stops a run that is out of time itself.
        timeoutMs: timeout * 1000 + 5000,
      }),
      timedOut,
    ]);
    if (result === "timeout") {
      await worker.terminate();
      return timeoutResponse();
    }
    release(warm, entry, worker);
    return webResponse(result);
  } catch (error) {
    // An instance that failed is not reused, as a crashed instance is replaced.
    await worker.terminate();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops every instance and gives the runtime back its own invokeFunction.
 * @param {Warm} warm
 */
async function stopInstances(warm) {
  warm.stopped = true;
  warm.runtime.invokeFunction = warm.original;
  delete warm.runtime[WRAPPED];
  await Promise.all([...warm.all].map((worker) => worker.terminate()));
}
