import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { answers, runResources, TEMPLATE_PAGES, waitForUrl } from "../../../scripts/lib/preview-run.mjs";

describe("what the audit and bench scripts share", () => {
  it("lists each template's page once", () => {
    const paths = TEMPLATE_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/missing-page");
  });

  it("waits for a server to answer, and gives up after the timeout", async () => {
    const server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      expect(await answers(url)).toBe(true);
      await expect(waitForUrl(url, 1_000)).resolves.toBeUndefined();
    } finally {
      server.close();
    }
    expect(await answers(url)).toBe(false);
    await expect(waitForUrl(url, 500)).rejects.toThrow(`${url} did not answer`);
  });

  it("stops the processes and servers a run started and deletes its temporary folders", async () => {
    const run = runResources();
    const folder = await run.temporaryFolder("preview-run-test-");
    const child = run.spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    const server = run.server(createServer());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    expect(existsSync(folder)).toBe(true);
    await run.cleanUp();
    expect(child.signalCode).toBe("SIGTERM");
    expect(server.listening).toBe(false);
    expect(existsSync(folder)).toBe(false);
  });
});
