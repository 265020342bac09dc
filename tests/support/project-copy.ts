import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway copy of the project for tests that change content and rebuild: its own src, public,
 * scripts (the config loads local library fixes from there), config and content (from `content`, by
 * default the working copy's), sharing node_modules. The working copy itself is never touched.
 */
export async function projectCopy(content = join(process.cwd(), "content")): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "site-copy-"));
  for (const entry of [
    "src",
    "public",
    "scripts",
    "integrations",
    "netlify",
    "astro.config.mjs",
    "package.json",
    "tsconfig.json",
  ]) {
    await cp(join(process.cwd(), entry), join(root, entry), { recursive: true });
  }
  await cp(content, join(root, "content"), { recursive: true });
  await symlink(join(process.cwd(), "node_modules"), join(root, "node_modules"), "dir");
  await mkdir(join(root, ".git"));
  return root;
}

const astroBin = (root: string) => join(root, "node_modules/astro/bin/astro.mjs");
/** The environment of the tests, but VITEST: Astro's dev server serves no pages where that is set. */
const env = () => {
  const { VITEST: _, ...inherited } = process.env;
  return { ...inherited, ASTRO_TELEMETRY_DISABLED: "1", FORCE_COLOR: "0", NO_COLOR: "1" };
};

/** `astro sync` in the copy (the build's content checks): its exit code and output. */
export function astroSync(root: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [astroBin(root), "sync"], { cwd: root, env: env() });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** Astro's dev server on the copy, rendering pages from its content on request. */
export async function astroDev(root: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [astroBin(root), "dev", "--port", String(port), "--strictPort"], {
    cwd: root,
    env: env(),
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The dev server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (/ready in/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The dev server stopped (${code}):\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
