// @ts-check
// The Chromium every browser tool here uses: Debian's, or the one named by CHROMIUM_PATH (the project
// never downloads a browser), with the flags it needs on this kind of machine (no sandbox as root,
// no background traffic).
import { existsSync } from "node:fs";

/** @type {string | undefined} */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
