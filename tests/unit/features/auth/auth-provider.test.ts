import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useAuth } from "../../../../src/features/auth/AuthProvider";

function Orphan() {
  useAuth();
  return null;
}

describe("useAuth", () => {
  it("throws outside its provider", () => {
    expect(() => renderToString(createElement(Orphan))).toThrow("useAuth must be used within an AuthProvider");
  });
});
