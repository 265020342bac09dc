import { describe, expect, it } from "vitest";
import {
  DEVELOPMENT_SALT,
  emulatorTokenTrust,
  isDeployed,
  LOCAL_AUTH_EMULATOR_SETTING,
  rateLimitSalt,
  runsUnderLocalServer,
  siteOrigins,
  trustEmulatorTokens,
} from "../../../netlify/lib/env";

const HOST = "127.0.0.1:9099";
const deployedContexts = ["production", "deploy-preview", "branch-deploy", "some-branch"];
const localContexts = [{}, { deploy: {} }, { deploy: { context: "" } }, { deploy: { context: "dev" } }];
const ctx = (name: string) => ({ deploy: { context: name } });

describe("isDeployed", () => {
  it.each(deployedContexts)("is true in the deploy context %s", (name) => {
    expect(isDeployed(ctx(name))).toBe(true);
  });

  it.each(localContexts)("is false for the local context %j", (context) => {
    expect(isDeployed(context)).toBe(false);
  });
});

describe("runsUnderLocalServer", () => {
  it.each([
    [{ NETLIFY_DEV: "true" }, { deploy: { context: "dev" } }, true],
    [{ NETLIFY_LOCAL: "true" }, { deploy: { context: "" } }, true],
    [{ NETLIFY_LOCAL: "true" }, {}, true],
    [{}, { deploy: { context: "dev" } }, false],
    [{ NETLIFY_DEV: "1" }, { deploy: { context: "dev" } }, false],
    [{ NETLIFY_DEV: "true" }, ctx("production"), false],
    [{ NETLIFY_LOCAL: "true" }, ctx("deploy-preview"), false],
  ])("env %j with context %j: %s", (env, context, expected) => {
    expect(runsUnderLocalServer(env, context)).toBe(expected);
  });
});

describe("emulatorTokenTrust", () => {
  const local = { FIREBASE_AUTH_EMULATOR_HOST: HOST, [LOCAL_AUTH_EMULATOR_SETTING]: "1" };

  it("is the setting's name the local scripts set", () => {
    expect(LOCAL_AUTH_EMULATOR_SETTING).toBe("AURAL_LOCAL_AUTH_EMULATOR");
  });

  it.each([
    [{ ...local, NETLIFY_DEV: "true" }, { deploy: { context: "dev" } }],
    [{ ...local, NETLIFY_LOCAL: "true" }, { deploy: { context: "" } }],
    [{ ...local, NETLIFY_LOCAL: "true" }, {}],
    [{ ...local, NETLIFY_DEV: "true", FIREBASE_AUTH_EMULATOR_HOST: `  ${HOST} ` }, { deploy: { context: "dev" } }],
  ])("trusts the emulator with every local condition: env %j, context %j", (env, context) => {
    expect(emulatorTokenTrust(env, context)).toEqual({ trust: true, host: HOST });
    expect(trustEmulatorTokens(env, context)).toBe(true);
  });

  it("says nothing when no emulator host is set, whatever else is", () => {
    for (const host of [undefined, "", "  "]) {
      for (const context of [...localContexts, ...deployedContexts.map(ctx)]) {
        const env = { ...local, NETLIFY_DEV: "true", NETLIFY_LOCAL: "true", FIREBASE_AUTH_EMULATOR_HOST: host };
        expect(emulatorTokenTrust(env, context)).toEqual({ trust: false, ignoredBecause: null });
      }
    }
  });

  it.each(deployedContexts)("never trusts it in the deployed context %s, even with every local setting", (name) => {
    const env = { ...local, NETLIFY_DEV: "true", NETLIFY_LOCAL: "true" };
    const choice = emulatorTokenTrust(env, ctx(name));
    expect(choice.trust).toBe(false);
    expect(choice).toMatchObject({ ignoredBecause: expect.stringContaining(`deployed context "${name}"`) });
  });

  it.each([undefined, "", "0", "true", "yes", " 1"])(
    "does not trust it under the local server when the local-only setting is %j",
    (value) => {
      const env = { FIREBASE_AUTH_EMULATOR_HOST: HOST, NETLIFY_DEV: "true", [LOCAL_AUTH_EMULATOR_SETTING]: value };
      const choice = emulatorTokenTrust(env, { deploy: { context: "dev" } });
      expect(choice.trust).toBe(false);
      expect(choice).toMatchObject({ ignoredBecause: expect.stringContaining(LOCAL_AUTH_EMULATOR_SETTING) });
    },
  );

  it.each(localContexts)("does not trust it outside Netlify's local server (context %j)", (context) => {
    for (const env of [local, { ...local, NETLIFY_DEV: "false" }, { ...local, NETLIFY_LOCAL: "1" }]) {
      const choice = emulatorTokenTrust(env, context);
      expect(choice.trust).toBe(false);
      expect(choice).toMatchObject({ ignoredBecause: expect.stringContaining("NETLIFY_DEV nor NETLIFY_LOCAL") });
    }
  });
});

describe("rateLimitSalt", () => {
  const good = "k3J9-vQ2x-Lp7w-Zr4t";

  it.each(deployedContexts)("refuses a missing salt in the deployed context %s, naming the variable", (name) => {
    for (const value of [undefined, "", "   "]) {
      const choice = rateLimitSalt({ RATE_LIMIT_SALT: value }, ctx(name));
      expect(choice).toEqual({ salt: null, problem: expect.stringContaining("RATE_LIMIT_SALT is not set") });
    }
  });

  it("refuses a deployed salt shorter than 16 characters, counted without surrounding spaces", () => {
    for (const value of ["short", "fifteen-chars-x", `  ${"x".repeat(15)}  `]) {
      const choice = rateLimitSalt({ RATE_LIMIT_SALT: value }, ctx("production"));
      expect(choice).toEqual({ salt: null, problem: expect.stringContaining("RATE_LIMIT_SALT is too short") });
    }
  });

  it("uses a deployed salt of 16 characters or more", () => {
    expect(rateLimitSalt({ RATE_LIMIT_SALT: "x".repeat(16) }, ctx("production"))).toEqual({
      salt: "x".repeat(16),
      development: false,
    });
    expect(rateLimitSalt({ RATE_LIMIT_SALT: ` ${good} ` }, ctx("deploy-preview"))).toEqual({
      salt: good,
      development: false,
    });
  });

  it.each(localContexts)("falls back to the development salt locally (context %j)", (context) => {
    expect(rateLimitSalt({}, context)).toEqual({ salt: DEVELOPMENT_SALT, development: true });
    expect(rateLimitSalt({ RATE_LIMIT_SALT: " " }, context)).toEqual({ salt: DEVELOPMENT_SALT, development: true });
  });

  it("uses any salt that is set locally, however short", () => {
    expect(rateLimitSalt({ RATE_LIMIT_SALT: "abc" }, { deploy: { context: "dev" } })).toEqual({
      salt: "abc",
      development: false,
    });
  });
});

describe("siteOrigins", () => {
  it("takes the origins of SITE_URL, URL and DEPLOY_PRIME_URL and skips what is not a URL", () => {
    expect(
      siteOrigins({
        SITE_URL: "https://www.aural.example/path",
        URL: "not a url",
        DEPLOY_PRIME_URL: "https://main--aural.netlify.app",
      }),
    ).toEqual(["https://www.aural.example", "https://main--aural.netlify.app"]);
    expect(siteOrigins({})).toEqual([]);
  });
});
