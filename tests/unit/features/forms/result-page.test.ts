import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageHeaders, resultRoute, withReference } from "../../../../src/features/forms/server/result-page";

describe("a form's success page with its reference", () => {
  it("reads the page and the reference from the address the form redirects to", () => {
    expect(resultRoute("/contact/sent/AA-7K3Q")).toEqual({ page: "/contact/sent", reference: "AA-7K3Q" });
    expect(resultRoute("/fi/samples/sent/aa-7k3q")).toEqual({ page: "/fi/samples/sent", reference: "AA-7K3Q" });
    expect(resultRoute("/de/contact/sent/AA-7K3Q")).toBeNull();
    expect(resultRoute("/contact/error/AA-7K3Q")).toBeNull();
  });

  it("shows the hidden reference line with the reference filled in, and nothing else changes", () => {
    const page =
      '<main><p class="prose-calm">Thanks.</p><p class="mt-4" data-form-reference hidden>Viite: {reference}</p></main>';
    expect(withReference(page, "AA-7K3Q")).toBe(
      '<main><p class="prose-calm">Thanks.</p><p class="mt-4" data-form-reference>Viite: AA-7K3Q</p></main>',
    );
  });

  it("sends the headers every page gets from _headers", () => {
    const headers = pageHeaders(readFileSync("public/_headers", "utf8"));
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["strict-transport-security"]).toMatch(/^max-age=/);
    expect(headers).not.toHaveProperty("cross-origin-opener-policy");
    expect(headers).not.toHaveProperty("cache-control");
  });
});
