// The functions as Netlify deploys them: bundled by zip-it-and-ship-it with the options Netlify's
// build passes, unzipped into an empty folder outside the repository and run by a plain Node process
// there, so that a dependency left out of a bundle, or a file only the repository has, fails here.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import { type NodeBundlerName, zipFunctions } from "@netlify/zip-it-and-ship-it";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import { LOCAL_AUTH_EMULATOR_SETTING } from "../../src/features/auth/server/verifier";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FUNCTIONS_SRC = join(ROOT, "netlify", "functions");
const ENTRY_POINT = "___netlify-entry-point.mjs";

let work = "";
/** Unzipped bundle folder per function name. */
const bundles = new Map<string, string>();
let results: Awaited<ReturnType<typeof zipFunctions>> = [];

/** The settings of netlify.toml that decide how Netlify bundles the functions. */
async function netlifyFunctionSettings() {
  const toml = await readFile(join(ROOT, "netlify.toml"), "utf8");
  const nodeBundler = /^\s*node_bundler\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const nodeVersion = /^\s*NODE_VERSION\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!nodeBundler || !nodeVersion) throw new Error("netlify.toml names no node_bundler or NODE_VERSION");
  // [functions.<name>] sections with included_files = ["glob", ...]
  const includedFiles: Record<string, { includedFiles: string[] }> = {};
  for (const [, name, body] of toml.matchAll(/^\[functions\.([\w-]+)\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/gm)) {
    const list = /^\s*included_files\s*=\s*\[([^\]]*)\]/m.exec(body ?? "")?.[1];
    if (name && list) includedFiles[name] = { includedFiles: [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "") };
  }
  return { nodeBundler, nodeVersion, includedFiles };
}

/**
 * Extracts a zip archive as zip-it-and-ship-it writes it (stored or deflated entries, no zip64) into
 * `into`, refusing entries and links that would point outside it.
 */
async function unzip(file: string, into: string) {
  const zip = await readFile(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${file} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${file}: broken central directory`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + skip;
    if (size === 0xffffffff || offset === 0xffffffff) throw new Error(`${file}: zip64 entries are not expected`);
    const target = resolve(into, name);
    if (!target.startsWith(into + sep)) throw new Error(`${file}: entry outside the bundle: ${name}`);
    if (name.endsWith("/")) {
      await mkdir(target, { recursive: true });
      continue;
    }
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const stored = zip.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${file}: compression method ${method} in ${name}`);
    const content = method === 8 ? inflateRawSync(stored) : stored;
    await mkdir(dirname(target), { recursive: true });
    if ((mode & 0o170000) === 0o120000) {
      const link = content.toString("utf8");
      if (isAbsolute(link) || !resolve(dirname(target), link).startsWith(into + sep)) {
        throw new Error(`${file}: link ${name} points outside the bundle: ${link}`);
      }
      await symlink(link, target);
    } else {
      await writeFile(target, content);
    }
  }
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const RESULT = "BUNDLE-RESULT ";
/** Runs in the child: imports the function module the bundle's entry point loads and calls it. */
const RUNNER = `
import { pathToFileURL } from "node:url";
const { file, url, calls, context } = JSON.parse(process.argv[1]);
const handler = (await import(pathToFileURL(file).href)).default;
const answers = [];
for (const call of calls) {
  const response = await handler(new Request(url, call), context);
  answers.push({ status: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) });
}
process.stdout.write(${JSON.stringify(RESULT)} + JSON.stringify(answers) + "\\n", () => process.exit(0));
`;

/**
 * Calls a bundled function in a plain Node process whose working folder is the unzipped bundle, with
 * exactly the environment given (no NODE_PATH, nothing of this process's environment).
 */
async function invoke(
  name: string,
  options: { calls: Call[]; context: object; env?: Record<string, string>; path?: string },
): Promise<{ answers: Answer[]; logs: string }> {
  const folder = bundles.get(name);
  if (!folder) throw new Error(`no bundle for ${name}`);
  const entry = await readFile(join(folder, ENTRY_POINT), "utf8");
  const loaded = /getLambdaHandler\('([^']+)'\)/.exec(entry)?.[1];
  if (!loaded) throw new Error(`${ENTRY_POINT} of ${name} loads no function module`);
  const file = resolve(folder, loaded);
  const input = JSON.stringify({
    file,
    url: `https://aural.example${options.path ?? `/api/${name}`}`,
    calls: options.calls,
    context: options.context,
  });
  const child = spawn(process.execPath, ["--input-type=module", "-e", RUNNER, input], {
    cwd: folder,
    env: options.env ?? {},
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((done) => child.on("close", done));
  clearTimeout(timer);
  const line = stdout.split("\n").find((l) => l.startsWith(RESULT));
  if (code !== 0 || !line) throw new Error(`${name} failed in isolation (exit ${code}):\n${stderr}\n${stdout}`);
  return { answers: JSON.parse(line.slice(RESULT.length)) as Answer[], logs: stdout + stderr };
}

const errorCode = (answer: Answer) => (JSON.parse(answer.body) as { error: { code: string } }).error.code;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "functions-bundle-"));
  const { nodeBundler, nodeVersion, includedFiles } = await netlifyFunctionSettings();
  const zips = join(work, "zips");
  // As Netlify's build calls it: netlify.toml's node_bundler = "esbuild" becomes "esbuild_zisi", the
  // Node version is the build's, and files are resolved from the repository root.
  results = await zipFunctions([FUNCTIONS_SRC], zips, {
    basePath: ROOT,
    repositoryRoot: ROOT,
    config: {
      "*": {
        nodeBundler: (nodeBundler === "esbuild" ? "esbuild_zisi" : nodeBundler) as NodeBundlerName,
        includedFilesBasePath: ROOT,
        nodeVersion,
      },
      ...includedFiles,
    },
    configFileDirectories: [],
    manifest: join(zips, "manifest.json"),
  });
  for (const result of results) {
    const folder = join(work, "run", result.name);
    await mkdir(folder, { recursive: true });
    await unzip(result.path, folder);
    bundles.set(result.name, folder);
  }
}, 240_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("functions as Netlify bundles them", { timeout: 90_000 }, () => {
  it("bundles every function as an ES module of the v2 API, run from a folder the repository cannot reach", async () => {
    const sources = (await readdir(FUNCTIONS_SRC)).filter((f) => f.endsWith(".ts")).map((f) => f.slice(0, -3));
    expect(results.map((r) => r.name).sort()).toEqual(sources.sort());
    for (const result of results) {
      expect(result.runtimeAPIVersion, result.name).toBe(2);
      expect(result.outputModuleFormat, result.name).toBe("esm");
      expect(result.entryFilename, result.name).toBe(ENTRY_POINT);
    }
    // Nothing above the bundles may hold packages that the bundle itself lacks.
    expect(relative(ROOT, work).startsWith(`..${sep}`)).toBe(true);
    for (let folder = work; folder !== dirname(folder); folder = dirname(folder)) {
      expect(existsSync(join(dirname(folder), "node_modules")), dirname(folder)).toBe(false);
    }
  });

  it("submit-contact-form answers 405 to GET and 415 to a text/plain POST without Blobs", async () => {
    const { answers } = await invoke("submit-contact-form", {
      context: { ip: "203.0.113.7", deploy: { context: "dev" } },
      calls: [{ method: "GET" }, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" }],
    });
    expect(answers.map((a) => a.status)).toEqual([405, 415]);
    expect(answers.map(errorCode)).toEqual(["method_not_allowed", "unsupported_media_type"]);
  });

  it("request-samples reads the finishes from the product files shipped with it", async () => {
    const request = {
      name: "Liisa Kask",
      email: "liisa@example.fi",
      address: { street: "Mannerheimintie 12", postal_code: "00100", city: "Helsinki", country: "FI" },
      website: "",
    };
    const post = (finishes: string[]): Call => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...request, finishes }),
    });
    const { answers } = await invoke("request-samples", {
      context: { ip: "203.0.113.7", deploy: { context: "dev" } },
      calls: [post(["felt-panels/gold"]), post(["felt-panels/moss"])],
    });
    expect(answers[0]?.status).toBe(400);
    expect(JSON.parse(answers[0]?.body ?? "{}").error.fields).toEqual({ finishes: "Unknown finish: felt-panels/gold" });
    // A known finish passes validation and only then meets the missing Blobs store.
    expect(answers[1]?.status).toBe(503);
    expect(errorCode(answers[1] as Answer)).toBe("storage_unavailable");
  });

  it("the public forms ship the spam model the build trained, within 2 MB; the retraining brings the corpora", async () => {
    for (const name of ["submit-contact-form", "request-samples"]) {
      const model = join(bundles.get(name) ?? "", "build", "spam-model.json");
      expect(existsSync(model), `${name} ships build/spam-model.json (run the build first)`).toBe(true);
      expect((await stat(model)).size, name).toBeLessThan(2 * 1024 * 1024);
    }
    // The nightly retraining loads with the corpora bundled, and without Blobs says so.
    const { answers } = await invoke("retrain-spam", {
      context: { deploy: { context: "dev" } },
      calls: [{ method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
    });
    expect(answers.map((a) => a.status)).toEqual([503]);
    expect(answers.map(errorCode)).toEqual(["storage_unavailable"]);
  });

  it("form-result shows a no-JavaScript post's reference on the built page, with the pages' headers", async () => {
    const { answers } = await invoke("form-result", {
      context: {},
      path: "/fi/contact/sent/AA-7K3Q",
      calls: [{ method: "GET" }],
    });
    const [page] = answers;
    expect(page?.status, "form-result ships the built pages (run the build first)").toBe(200);
    expect(page?.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page?.headers["x-frame-options"]).toBe("DENY");
    expect(page?.body).toContain('<html lang="fi"');
    expect(page?.body).toMatch(/<p [^>]*data-form-reference>Viite: AA-7K3Q<\/p>/);
  });

  it("contact-submissions answers 401 without a token", async () => {
    const { answers } = await invoke("contact-submissions", {
      context: { deploy: { context: "production" } },
      env: { FIREBASE_PROJECT_ID: "aural-prod" },
      calls: [{ method: "GET" }],
    });
    expect(answers[0]?.status).toBe(401);
    expect(errorCode(answers[0] as Answer)).toBe("unauthenticated");
  });

  it("deployed, submit-contact-form refuses service with 503 without a RATE_LIMIT_SALT of 16 characters", async () => {
    const calls: Call[] = [{ method: "GET" }, { method: "POST", headers: { "content-type": "text/plain" } }];
    const context = { ip: "203.0.113.7", deploy: { context: "production" } };
    for (const env of [{}, { RATE_LIMIT_SALT: "too-short" }]) {
      const { answers, logs } = await invoke("submit-contact-form", { context, env, calls });
      expect(answers.map((a) => a.status)).toEqual([503, 503]);
      expect(answers.map(errorCode)).toEqual(["misconfigured", "misconfigured"]);
      expect(logs).toContain("RATE_LIMIT_SALT");
    }
    // The proof of work's key is required the same way.
    for (const env of [
      { RATE_LIMIT_SALT: "a-long-enough-deployed-secret" },
      { RATE_LIMIT_SALT: "a-long-enough-deployed-secret", ALTCHA_HMAC_KEY: "too-short" },
    ]) {
      const { answers, logs } = await invoke("submit-contact-form", { context, env, calls });
      expect(answers.map((a) => a.status)).toEqual([503, 503]);
      expect(logs).toContain("ALTCHA_HMAC_KEY");
    }
    const { answers } = await invoke("submit-contact-form", {
      context,
      env: { RATE_LIMIT_SALT: "a-long-enough-deployed-secret", ALTCHA_HMAC_KEY: "another-long-deployed-secret" },
      calls,
    });
    expect(answers.map((a) => a.status)).toEqual([405, 415]);
  });

  it("deployed, challenge answers a signed challenge with ALTCHA_HMAC_KEY and 503 without one", async () => {
    const context = { ip: "203.0.113.7", deploy: { context: "production" } };
    const refused = await invoke("challenge", { context, env: {}, calls: [{ method: "GET" }] });
    expect(refused.answers[0]?.status).toBe(503);
    expect(refused.logs).toContain("ALTCHA_HMAC_KEY");
    const { answers } = await invoke("challenge", {
      context,
      env: { ALTCHA_HMAC_KEY: "another-long-deployed-secret" },
      calls: [{ method: "GET" }, { method: "POST" }],
    });
    expect(answers.map((a) => a.status)).toEqual([200, 405]);
    const challenge = JSON.parse(answers[0]?.body ?? "{}");
    expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256", cost: 1 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  describe("unsigned Auth emulator tokens", () => {
    /** An unsigned token as the emulator issues them, for the demo account without the admin claim. */
    async function unsignedToken() {
      const lookup = await fetch(
        `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${demoProjectId}/accounts:lookup`,
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: "Bearer owner" },
          body: JSON.stringify({ email: ["user@example.com"] }),
        },
      );
      const uid = ((await lookup.json()) as { users: { localId: string }[] }).users[0]?.localId;
      if (!uid) throw new Error("the demo user is missing from the Auth emulator");
      const now = Math.floor(Date.now() / 1000);
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const claims = {
        iss: `https://securetoken.google.com/${demoProjectId}`,
        aud: demoProjectId,
        sub: uid,
        user_id: uid,
        email: "user@example.com",
        iat: now,
        exp: now + 3600,
        auth_time: now,
        firebase: { sign_in_provider: "password", identities: { email: ["user@example.com"] } },
      };
      return `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
    }

    const withEmulator = { FIREBASE_PROJECT_ID: demoProjectId, FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost };
    const call = async (env: Record<string, string>, context: object) => {
      const token = await unsignedToken();
      const { answers, logs } = await invoke("contact-submissions", {
        context,
        env,
        calls: [{ method: "GET", headers: { authorization: `Bearer ${token}` } }],
      });
      return { answer: answers[0] as Answer, logs };
    };

    it("are refused with 401 by a deployed bundle with the emulator host set but not the local-only setting", async () => {
      const { answer, logs } = await call(withEmulator, { deploy: { context: "production" } });
      expect(answer.status).toBe(401);
      expect(errorCode(answer)).toBe("invalid_token");
      expect(logs).toContain("FIREBASE_AUTH_EMULATOR_HOST is set but ignored");
    });

    it("are refused in a deployed context even with every local setting", async () => {
      const env = { ...withEmulator, [LOCAL_AUTH_EMULATOR_SETTING]: "1", NETLIFY_DEV: "true", NETLIFY_LOCAL: "true" };
      const { answer } = await call(env, { deploy: { context: "deploy-preview" } });
      expect(answer.status).toBe(401);
    });

    it("are refused under the local server without the local-only setting", async () => {
      const { answer } = await call({ ...withEmulator, NETLIFY_LOCAL: "true" }, { deploy: { context: "" } });
      expect(answer.status).toBe(401);
    });

    it("are confirmed by the emulator under the local server with the local-only setting (403: no admin claim)", async () => {
      const env = { ...withEmulator, [LOCAL_AUTH_EMULATOR_SETTING]: "1", NETLIFY_LOCAL: "true" };
      const { answer } = await call(env, { deploy: { context: "" } });
      expect(answer.status).toBe(403);
      expect(errorCode(answer)).toBe("forbidden");
    });
  });
});
