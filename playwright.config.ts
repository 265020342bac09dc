import { defineConfig, devices } from "@playwright/test";

const baseURL = "http://localhost:8888";

// Debian's Chromium: this project never downloads a browser of its own.
import { chromiumArgs, chromiumPath as executablePath } from "./scripts/lib/chromium.mjs";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL,
    // A trace of every test is recorded to keep it on failure, which costs each test time; CI shows only
    // the log, so it records none there.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: chromiumArgs,
    },
  },
  projects: [
    // Untagged tests run at desktop width; "@phone" ones at both widths; "@phone-only" ones on the phone only.
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } },
      grepInvert: /@phone-only|@trace/,
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      grep: /@phone/,
    },
    // Main-thread traces at 4× CPU slowdown, once the other projects are done: alone on the machine,
    // so that what they measure is the pages' work and not the other tests'.
    {
      name: "trace",
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } },
      grep: /@trace/,
      dependencies: ["desktop", "phone"],
    },
  ],
  webServer: {
    command: "node scripts/preview.mjs --no-build",
    url: `${baseURL}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
