import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/build/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/integration/global-setup.ts"],
    // The emulator is shared; files that change its accounts must not race each other.
    fileParallelism: true,
    testTimeout: 20_000,
  },
});
