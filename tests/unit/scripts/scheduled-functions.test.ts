import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextRun, runOnSchedule, scheduledFunctions } from "../../../scripts/lib/scheduled-functions.mjs";

const at = (iso: string) => new Date(iso);

describe("the preview's scheduled functions", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("finds the functions with a schedule, and their schedules, from the functions' config", async () => {
    const functions = await scheduledFunctions(join(process.cwd(), "netlify", "functions"));
    expect(functions).toContainEqual({ name: "notify-outbox", schedule: "*/5 * * * *" });
    expect(functions).toContainEqual({ name: "retention", schedule: "@daily" });
    // Functions served by URL have no schedule.
    const names = functions.map((fn) => fn.name);
    for (const name of ["submit-contact-form", "request-samples", "contact-submissions", "session"])
      expect(names).not.toContain(name);
    // A schedule in netlify.toml's [functions.<name>] counts as well.
    const withToml = await scheduledFunctions(join(process.cwd(), "netlify", "functions"), {
      session: { schedule: "@hourly" },
    });
    expect(withToml).toContainEqual({ name: "session", schedule: "@hourly" });
  });

  it("runs */5 * * * * on every fifth minute, in UTC, strictly after the given time", () => {
    expect(nextRun("*/5 * * * *", at("2026-03-10T23:58:30Z"))).toEqual(at("2026-03-11T00:00:00Z"));
    expect(nextRun("*/5 * * * *", at("2026-03-11T00:00:00Z"))).toEqual(at("2026-03-11T00:05:00Z"));
    expect(nextRun("*/5 * * * *", at("2026-03-11T00:04:59.999Z"))).toEqual(at("2026-03-11T00:05:00Z"));
  });

  it("runs @daily at midnight UTC, whatever the machine's time zone", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ["UTC", "Pacific/Chatham", "America/Los_Angeles"]) {
        process.env.TZ = tz;
        expect(nextRun("@daily", at("2026-03-10T23:58:30Z")), tz).toEqual(at("2026-03-11T00:00:00Z"));
        expect(nextRun("@daily", at("2026-03-11T00:00:00Z")), tz).toEqual(at("2026-03-12T00:00:00Z"));
        expect(nextRun("@daily", at("2026-03-11T12:00:00Z")), tz).toEqual(at("2026-03-12T00:00:00Z"));
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("knows Netlify's other extensions, and refuses what is no schedule", () => {
    const from = at("2026-03-10T23:58:30Z");
    expect(nextRun("@hourly", from)).toEqual(at("2026-03-11T00:00:00Z"));
    expect(nextRun("@weekly", from)).toEqual(at("2026-03-15T00:00:00Z"));
    expect(nextRun("@monthly", from)).toEqual(at("2026-04-01T00:00:00Z"));
    expect(nextRun("@yearly", from)).toEqual(at("2027-01-01T00:00:00Z"));
    expect(() => nextRun("every five minutes", from)).toThrow();
  });

  it("runs each function at its times with the next run's time, logs each run and goes on after a failure", async () => {
    vi.useFakeTimers({ now: at("2026-03-10T23:58:30Z") });
    const lines: string[] = [];
    const runs: [string, string][] = [];
    let fail = true;
    const stop = runOnSchedule(
      [
        { name: "outbox", schedule: "*/5 * * * *" },
        { name: "broken", schedule: "not a schedule" },
      ],
      async (name, next) => {
        runs.push([name, next.toISOString()]);
        if (fail) {
          fail = false;
          throw new Error("storage down");
        }
        return 200;
      },
      { log: (line) => lines.push(line) },
    );
    expect(lines).toEqual([expect.stringMatching(/^scheduled broken: schedule "not a schedule" not understood/)]);
    await vi.advanceTimersByTimeAsync(89_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([["outbox", "2026-03-11T00:05:00.000Z"]]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toEqual([
      ["outbox", "2026-03-11T00:05:00.000Z"],
      ["outbox", "2026-03-11T00:10:00.000Z"],
    ]);
    expect(lines.slice(1)).toEqual(["scheduled outbox: failed: storage down", "scheduled outbox: 200"]);
    await stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toHaveLength(2);
  });

  it("waits longer than a timer can for a far run", async () => {
    vi.useFakeTimers({ now: at("2026-03-10T00:00:00Z") });
    const runs: string[] = [];
    const stop = runOnSchedule(
      [{ name: "yearly", schedule: "@yearly" }],
      async (_name, next) => {
        runs.push(next.toISOString());
        return 200;
      },
      { log: () => {} },
    );
    await vi.advanceTimersByTimeAsync(at("2027-01-01T00:00:00Z").getTime() - Date.now() - 1);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(["2028-01-01T00:00:00.000Z"]);
    await stop();
  });

  it("skips a time while the run before is still going, and stopping waits for that run", async () => {
    vi.useFakeTimers({ now: at("2026-03-10T00:30:00Z") });
    const lines: string[] = [];
    let finish: (status: number) => void = () => {};
    let runs = 0;
    const stop = runOnSchedule(
      [{ name: "slow", schedule: "@hourly" }],
      () => {
        runs += 1;
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
      { log: (line) => lines.push(line) },
    );
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(runs).toBe(1);
    expect(lines).toEqual(["scheduled slow: skipped, the run before is still going"]);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish(204);
    await stopping;
    expect(lines.at(-1)).toBe("scheduled slow: 204");
    await vi.advanceTimersByTimeAsync(2 * 60 * 60_000);
    expect(runs).toBe(1);
  });
});
