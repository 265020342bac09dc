import { describe, expect, it } from "vitest";
import {
  DEVELOPMENT_SALT,
  isDeployed,
  rateLimitSalt,
  runsUnderLocalServer,
  siteOrigins,
} from "../../../netlify/lib/env";

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
