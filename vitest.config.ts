import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/build/**/*.test.ts"],
    environment: "node",
    // Each file in a fresh worker, as by default, chosen here so Vitest does not suggest sharing them:
    // the local library fixes change library classes in the process that loads them, and the tests of
    // those libraries without their fixes must not share it.
    isolate: true,
    // Each file in a fresh worker thread rather than a fresh process: the same isolation, started in
    // a fraction of the time (about 40 s less over the whole run on two cores).
    pool: "threads",
    globalSetup: ["tests/integration/global-setup.ts"],
    // Two files at a time, on two cores: most of them wait on local servers (Blobs, the Auth emulator,
    // the mail catcher, spawned builds and processes) rather than the CPU, and the run takes about a
    // third less than one at a time (Vitest's default there). The emulator is shared: a file that
    // changes accounts changes only its own (a test address of its own), never the seeded demo ones.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 20_000,
  },
});
