import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../../integrations/csp-policy.mjs";

const directive = (directives: string[], name: string) =>
  directives
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("content security policy", () => {
  it("allows no analytics origin when no measurement id is configured", () => {
    const csp = contentSecurityPolicy({ authEmulatorHost: "127.0.0.1:9099" });
    expect(csp.scriptResources).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.directives.join(";")).not.toMatch(/google-analytics|googletagmanager|firebase\.googleapis/);
    expect(directive(csp.directives, "connect-src")).toEqual(["'self'", "http://127.0.0.1:9099"]);
    expect(directive(csp.directives, "frame-src")).toEqual(["'none'"]);
  });

  it("allows Google Analytics only in the directives it needs when a measurement id is set", () => {
    const csp = contentSecurityPolicy({ measurementId: "G-TEST123" });
    expect(csp.scriptResources).toEqual(["'self'", "'wasm-unsafe-eval'", "https://*.googletagmanager.com"]);
    expect(directive(csp.directives, "connect-src")).toEqual(
      expect.arrayContaining([
        "https://*.google-analytics.com",
        "https://firebaseinstallations.googleapis.com",
        "https://identitytoolkit.googleapis.com",
      ]),
    );
    expect(directive(csp.directives, "img-src")).toContain("https://*.google-analytics.com");
    for (const name of ["default-src", "font-src", "frame-src", "object-src", "form-action"]) {
      expect(directive(csp.directives, name).join(" "), name).not.toMatch(/google/);
    }
  });

  it("frames only the configured dashboard's origin", () => {
    const csp = contentSecurityPolicy({ dashboardUrl: "https://lookerstudio.google.com/embed/reporting/abc" });
    expect(directive(csp.directives, "frame-src")).toEqual(["https://lookerstudio.google.com"]);
  });
});
