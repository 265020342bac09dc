import { describe, expect, it } from "vitest";
import { errorResponse, json, respond, SECURITY_HEADERS, seeOther } from "../../../netlify/lib/http";

describe("function responses", () => {
  it("carry the security headers whichever helper made them", () => {
    const responses = [
      json({ ok: true }),
      json({ ok: true }, 201, { "retry-after": "5" }),
      errorResponse(429, "rate_limited", "Too many", {}, { "retry-after": "60" }),
      seeOther("/contact/sent"),
      respond(null, 204),
    ];
    for (const response of responses) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
    }
  });

  it("keep their own headers beside them", () => {
    expect(errorResponse(405, "method_not_allowed", "No", {}, { allow: "POST" }).headers.get("allow")).toBe("POST");
    expect(seeOther("/contact/sent").headers.get("location")).toBe("/contact/sent");
    expect(json({}).headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("answer errors as { error: { code, message, fields? } }", async () => {
    const response = errorResponse(400, "invalid_fields", "Check the fields", { fields: { name: "Name is required" } });
    expect(await response.json()).toEqual({
      error: { code: "invalid_fields", message: "Check the fields", fields: { name: "Name is required" } },
    });
  });
});
