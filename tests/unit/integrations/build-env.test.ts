import { describe, expect, it } from "vitest";
import { firebaseBuildEnv, isNetlifyBuild, REQUIRED_FIREBASE_SETTINGS } from "../../../integrations/build-env.mjs";

const real = {
  PUBLIC_FIREBASE_API_KEY: "AIzaSyExampleKey",
  PUBLIC_FIREBASE_AUTH_DOMAIN: "aural-prod.firebaseapp.com",
  PUBLIC_FIREBASE_PROJECT_ID: "aural-prod",
  PUBLIC_FIREBASE_APP_ID: "1:123456789:web:abcdef",
};
const netlifyContexts = ["production", "deploy-preview", "branch-deploy"];
const onNetlify = (context: string) => ({ NETLIFY: "true", CONTEXT: context });

describe("isNetlifyBuild", () => {
  it.each(netlifyContexts)("is true for NETLIFY=true with CONTEXT=%s", (context) => {
    expect(isNetlifyBuild(onNetlify(context))).toBe(true);
  });

  it("treats an unknown or missing context on Netlify as a deploy", () => {
    expect(isNetlifyBuild({ NETLIFY: "true", CONTEXT: "something-new" })).toBe(true);
    expect(isNetlifyBuild({ NETLIFY: "true" })).toBe(true);
  });

  it("is false for local builds: no NETLIFY, or CONTEXT=dev", () => {
    expect(isNetlifyBuild({})).toBe(false);
    expect(isNetlifyBuild({ CONTEXT: "production" })).toBe(false);
    expect(isNetlifyBuild({ NETLIFY_LOCAL: "true", CONTEXT: "production" })).toBe(false);
    expect(isNetlifyBuild(onNetlify("dev"))).toBe(false);
  });
});

describe("firebaseBuildEnv on Netlify", () => {
  it.each(netlifyContexts)("fails a %s build without the settings, naming each missing variable", (context) => {
    let message = "";
    try {
      firebaseBuildEnv(onNetlify(context));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`CONTEXT=${context}`);
    for (const name of REQUIRED_FIREBASE_SETTINGS) expect(message).toContain(name);
  });

  it("names only the missing variables, and counts blank values as missing", () => {
    const env = { ...onNetlify("production"), ...real, PUBLIC_FIREBASE_APP_ID: "  ", PUBLIC_FIREBASE_API_KEY: "" };
    let message = "";
    try {
      firebaseBuildEnv(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("missing PUBLIC_FIREBASE_API_KEY, PUBLIC_FIREBASE_APP_ID");
    expect(message).not.toContain("PUBLIC_FIREBASE_AUTH_DOMAIN");
    expect(message).not.toContain("PUBLIC_FIREBASE_PROJECT_ID");
  });

  it.each(netlifyContexts)("passes a %s build with the settings and sets no emulator host", (context) => {
    const values = firebaseBuildEnv({ ...onNetlify(context), ...real });
    expect(values).toEqual({});
    expect(values).not.toHaveProperty("PUBLIC_FIREBASE_AUTH_EMULATOR_HOST");
  });

  it("refuses a demo- project id", () => {
    const env = { ...onNetlify("production"), ...real, PUBLIC_FIREBASE_PROJECT_ID: "demo-aural-acoustics" };
    expect(() => firebaseBuildEnv(env)).toThrow(/PUBLIC_FIREBASE_PROJECT_ID is "demo-aural-acoustics", a demo project/);
  });

  it("refuses an Auth emulator host", () => {
    const env = { ...onNetlify("deploy-preview"), ...real, PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
    expect(() => firebaseBuildEnv(env)).toThrow(/PUBLIC_FIREBASE_AUTH_EMULATOR_HOST is set/);
  });

  it("refuses a build with an unknown context too", () => {
    expect(() => firebaseBuildEnv({ NETLIFY: "true" })).toThrow(/PUBLIC_FIREBASE_PROJECT_ID/);
  });
});

describe("firebaseBuildEnv locally", () => {
  const local = [{}, { CONTEXT: "production" }, onNetlify("dev")];

  it.each(local)("falls back to the demo project and the emulator at 127.0.0.1:9099 (env %j)", (env) => {
    expect(firebaseBuildEnv(env)).toEqual({
      PUBLIC_FIREBASE_PROJECT_ID: "demo-aural-acoustics",
      PUBLIC_FIREBASE_API_KEY: "demo-api-key",
      PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
    });
  });

  it("keeps what is set and adds only what is missing", () => {
    expect(firebaseBuildEnv({ PUBLIC_FIREBASE_PROJECT_ID: "demo-other", PUBLIC_FIREBASE_API_KEY: "key" })).toEqual({
      PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
    });
    expect(firebaseBuildEnv({ PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "localhost:9199" })).toEqual({
      PUBLIC_FIREBASE_PROJECT_ID: "demo-aural-acoustics",
      PUBLIC_FIREBASE_API_KEY: "demo-api-key",
    });
  });

  it("uses no emulator for a real project", () => {
    expect(firebaseBuildEnv(real)).toEqual({});
  });
});
