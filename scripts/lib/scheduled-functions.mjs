// Scheduled functions as Netlify runs them: only on their schedule, a cron expression read in UTC
// (five fields, or one of the extensions @hourly, @daily, @weekly, @monthly, @yearly), and never by
// URL. Each run is a POST whose JSON body names the run after it: {"next_run":"<ISO time>"}.
import { listFunctions } from "@netlify/zip-it-and-ship-it";
import { CronExpressionParser } from "cron-parser";

/** The longest delay setTimeout keeps (about 24.8 days); a longer wait is taken in parts. */
const LONGEST_TIMER = 2 ** 31 - 1;

/**
 * The functions in `directory` that have a schedule, from their own config (`config.schedule`) or
 * from netlify.toml's `[functions.<name>]` sections.
 * @param {string} directory
 * @param {Record<string, { schedule?: string }>} [functionsConfig] netlify.toml's [functions] sections by name pattern
 * @returns {Promise<{ name: string, schedule: string }[]>}
 */
export async function scheduledFunctions(directory, functionsConfig = {}) {
  /** @type {Record<string, { schedule?: string }>} */
  const config = {};
  for (const [pattern, section] of Object.entries(functionsConfig)) {
    if (section?.schedule) config[pattern] = { schedule: section.schedule };
  }
  const functions = await listFunctions([directory], {
    config,
    featureFlags: { zisi_functions_api_v2: true },
    parseISC: true,
  });
  return functions.flatMap(({ name, schedule }) => (schedule ? [{ name, schedule }] : []));
}

/**
 * The first time after `after` (strictly) that `schedule` runs.
 * @param {string} schedule
 * @param {Date} after
 * @returns {Date}
 */
export function nextRun(schedule, after) {
  return CronExpressionParser.parse(schedule, { currentDate: after, tz: "UTC" }).next().toDate();
}

/**
 * Runs each function on its schedule until the returned stop is called. `run` is given the function's
 * name and the time of the run after this one, and resolves with the answer's status. Each run logs
 * one line, `scheduled <name>: <status>`; a run that fails is logged the same way and the schedule
 * goes on. A function whose run is still going when its next time comes skips that time. A schedule
 * that does not parse is logged and never runs. Stopping clears the timers and waits for the runs
 * under way.
 * @param {{ name: string, schedule: string }[]} functions
 * @param {(name: string, next: Date) => Promise<number | string>} run
 * @param {{ log?: (line: string) => void, now?: () => Date }} [options]
 * @returns {() => Promise<void>}
 */
export function runOnSchedule(functions, run, { log = console.log, now = () => new Date() } = {}) {
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();
  /** @type {Set<Promise<void>>} */
  const running = new Set();
  /** @type {Set<string>} */
  const busy = new Set();
  let stopped = false;

  /**
   * Calls `then` at `time`, however far ahead it is.
   * @param {Date} time
   * @param {() => void} then
   */
  function at(time, then) {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (stopped) return;
        if (time.getTime() - now().getTime() > 0) at(time, then);
        else then();
      },
      Math.min(Math.max(time.getTime() - now().getTime(), 0), LONGEST_TIMER),
    );
    timer.unref();
    timers.add(timer);
  }

  /**
   * Runs the function at `time`, and plans its next run.
   * @param {{ name: string, schedule: string }} fn
   * @param {Date} time
   */
  function plan({ name, schedule }, time) {
    at(time, () => {
      // From the later of the planned time and now: after a pause (a sleeping machine), the missed
      // times are skipped rather than run one after another.
      let next;
      try {
        next = nextRun(schedule, new Date(Math.max(now().getTime(), time.getTime())));
      } catch (error) {
        return log(`scheduled ${name}: no time after ${time.toISOString()}, it runs no more: ${String(error)}`);
      }
      plan({ name, schedule }, next);
      if (busy.has(name)) return log(`scheduled ${name}: skipped, the run before is still going`);
      busy.add(name);
      const done = Promise.resolve()
        .then(() => run(name, next))
        .then(
          (status) => log(`scheduled ${name}: ${status}`),
          (error) => log(`scheduled ${name}: failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          busy.delete(name);
          running.delete(done);
        });
      running.add(done);
    });
  }

  for (const fn of functions) {
    let first;
    try {
      first = nextRun(fn.schedule, now());
    } catch (error) {
      log(`scheduled ${fn.name}: schedule "${fn.schedule}" not understood, it never runs: ${String(error)}`);
      continue;
    }
    plan(fn, first);
  }

  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.all(running);
  };
}
