// The daily build that keeps certificates' states true to the calendar: it posts to the build hook,
// here a local server standing in for the platform's, and says plainly when it cannot.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDailyBuild } from "../../src/features/documents/server/daily-build";

let server: Server;
let base = "";
const posts: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    posts.push(`${request.method} ${request.url}`);
    response.statusCode = request.url === "/hook" ? 200 : 404;
    response.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the daily build", () => {
  it("posts once to the build hook", async () => {
    expect(await startDailyBuild({ DAILY_BUILD_HOOK: `${base}/hook` })).toEqual({ outcome: "started", status: 200 });
    expect(posts).toEqual(["POST /hook"]);
  });

  it("does nothing without a hook, and says why when the hook fails or is not https", async () => {
    expect(await startDailyBuild({})).toEqual({ outcome: "not-configured" });
    expect(await startDailyBuild({ DAILY_BUILD_HOOK: `${base}/gone` })).toEqual({
      outcome: "failed",
      why: "the build hook answered 404",
    });
    expect((await startDailyBuild({ DAILY_BUILD_HOOK: "http://example.com/hook" })).outcome).toBe("failed");
    const closed = await startDailyBuild({ DAILY_BUILD_HOOK: "http://127.0.0.1:9/hook" });
    expect(closed.outcome).toBe("failed");
  });
});
