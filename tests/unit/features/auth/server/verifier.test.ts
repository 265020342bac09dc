import { describe, expect, it } from "vitest";
import {
  emulatorTokenTrust,
  LOCAL_AUTH_EMULATOR_SETTING,
  trustEmulatorTokens,
} from "../../../../../src/features/auth/server/verifier";

const HOST = "127.0.0.1:9099";
const deployedContexts = ["production", "deploy-preview", "branch-deploy", "some-branch"];
const localContexts = [{}, { deploy: {} }, { deploy: { context: "" } }, { deploy: { context: "dev" } }];
const ctx = (name: string) => ({ deploy: { context: name } });

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
