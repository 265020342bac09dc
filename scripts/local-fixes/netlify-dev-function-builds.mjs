// Library: @netlify/dev 4.18.13 (with @netlify/functions-dev 1.3.5), the local Netlify server.
//
// Defect: each request gets a build folder, .netlify/functions-serve/_<random>, that the server
// deletes when that request ends. Concurrent requests to one function share a single build record,
// though, so a request may run the function as built in another request's folder; once that request
// ends, its folder is gone and the others fail with "Cannot find module": a burst answers 500s.
// Fix: deleting those folders waits a while (no request takes that long), and the folders still
// waiting are deleted when the server closes.
// Why here and so: NetlifyDev takes no option for the build folder (the method that accepts one is
// private), and it deletes the folder with `rm` of the shared `fs.promises` object. So the fix wraps
// that one method, only while a server that asked for it runs, and only for the build folders of that
// server's project; every other call goes straight to Node's own `rm`.
// tests/integration/local-fixes.test.ts sends a burst to a stock server and fails once a release no
// longer loses builds: then delete this file and its use in scripts/lib/serve-netlify.mjs.
import { promises as fsPromises } from "node:fs";
import { join, sep } from "node:path";

const nodeRm = fsPromises.rm;
/** Longer than any request to a local function runs. */
const DELAY_MS = 30_000;
/** Build-folder prefixes of the servers using the fix, and the folders waiting to be deleted. */
const prefixes = new Set();
/** @type {Map<string, { timer: NodeJS.Timeout, options: unknown }>} */
const waiting = new Map();

function deferredRm(path, options) {
  const target = String(path);
  if (![...prefixes].some((prefix) => target.startsWith(prefix))) return nodeRm.call(fsPromises, path, options);
  const timer = setTimeout(() => {
    waiting.delete(target);
    nodeRm.call(fsPromises, target, options).catch(() => {});
  }, DELAY_MS);
  timer.unref();
  waiting.set(target, { timer, options });
  return Promise.resolve();
}

/**
 * Keeps the per-request function builds of the local Netlify server for `projectRoot` until no request
 * can still be using them. Call before the server handles requests; `release()` when it has closed.
 * @param {string} projectRoot
 */
export function keepFunctionBuildsInUse(projectRoot) {
  const prefix = `${join(projectRoot, ".netlify", "functions-serve")}${sep}_`;
  prefixes.add(prefix);
  fsPromises.rm = deferredRm;
  return {
    /** Deletes this project's waiting folders now; restores Node's `rm` once no server needs the fix. */
    async release() {
      prefixes.delete(prefix);
      for (const [path, { timer, options }] of waiting) {
        if (!path.startsWith(prefix)) continue;
        clearTimeout(timer);
        waiting.delete(path);
        await nodeRm.call(fsPromises, path, options).catch(() => {});
      }
      if (prefixes.size === 0 && fsPromises.rm === deferredRm) fsPromises.rm = nodeRm;
    },
  };
}
