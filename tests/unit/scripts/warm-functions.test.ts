import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timeoutResponse, warmInstances } from "../../../scripts/lib/warm-functions.mjs";

// The preview's function instances: a bounded pool per function, requests beyond it queued, and an
// invocation out of time stopped and answered 504 in the API's error shape.

let folder = "";
let slow = "";
let endless = "";

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "warm-functions-"));
  // A handler that takes 150 ms and says which instance (worker thread) ran it.
  slow = join(folder, "slow.mjs");
  await writeFile(
    slow,
    `import { threadId } from "node:worker_threads";
export const handler = async () => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { statusCode: 200, headers: { "content-type": "text/plain" }, body: String(threadId) };
};`,
  );
  endless = join(folder, "endless.mjs");
  await writeFile(endless, "export const handler = () => new Promise(() => {});");
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A stand-in for the local Functions runtime: only what warmInstances reads. */
function runtimeFor(file: string, poolSize: number) {
  const runtime = { invokeFunction: async () => new Response("original") } as Record<string | symbol, unknown>;
  const stop = warmInstances(runtime, { poolSize });
  const func = { getBuildData: async () => ({ runtimeAPIVersion: 2, buildPath: file }), mainFile: file };
  const invoke = (timeout = 30) =>
    (runtime.invokeFunction as (options: object) => Promise<Response>)({
      context: {},
      func,
      request: new Request("http://localhost/api/x", { method: "POST", body: "{}" }),
      route: undefined,
      timeout,
    });
  return { invoke, stop };
}

describe("warm function instances", () => {
  it("run at most the pool's size at once and queue the rest, answering every request", async () => {
    const { invoke, stop } = runtimeFor(slow, 2);
    try {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 8 }, () => invoke()));
      const elapsed = performance.now() - started;
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      const instances = new Set(await Promise.all(answers.map((a) => a.text())));
      expect(instances.size).toBe(2);
      // Eight runs of 150 ms, two at a time: at least four rounds.
      expect(elapsed).toBeGreaterThanOrEqual(4 * 150 - 20);
    } finally {
      await stop();
    }
  });

  it("stop a run that is out of time and answer 504 with the error shape, then serve the next", async () => {
    const { invoke, stop } = runtimeFor(endless, 1);
    try {
      const answer = await invoke(1);
      expect(answer.status).toBe(504);
      expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await answer.json()).toEqual({
        error: { code: "function_timeout", message: "The server took too long to answer" },
      });
      // The stopped instance made room: the next request gets a fresh one (and times out too).
      expect((await invoke(1)).status).toBe(504);
    } finally {
      await stop();
    }
  });

  it("keep the timeout answer free of internals", async () => {
    const body = await timeoutResponse().text();
    expect(body).not.toMatch(/at |\/|node_modules|Error/);
  });

  it("leave other runtimes' functions to the original runtime", async () => {
    const runtime = { invokeFunction: async () => new Response("original") } as Record<string | symbol, unknown>;
    const stop = warmInstances(runtime, { poolSize: 1 });
    try {
      const func = { getBuildData: async () => ({ runtimeAPIVersion: 1 }), mainFile: pathToFileURL(slow).href };
      const answer = await (runtime.invokeFunction as (options: object) => Promise<Response>)({ func, timeout: 1 });
      expect(await answer.text()).toBe("original");
    } finally {
      await stop();
    }
  });
});
