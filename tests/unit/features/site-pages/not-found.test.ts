import { describe, expect, it, vi } from "vitest";
import { reportMissingPage } from "../../../../src/features/site-pages/not-found";

function fakeRoot() {
  const slot = { textContent: "" };
  return { slot, root: { querySelector: () => slot } as unknown as Document };
}

describe("reportMissingPage", () => {
  it("logs and shows the decoded path with its query", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { slot, root } = fakeRoot();
    expect(reportMissingPage({ pathname: "/caf%C3%A9", search: "?a=1" }, root)).toBe("/café?a=1");
    expect(slot.textContent).toBe("/café?a=1");
    expect(warn).toHaveBeenCalledWith("404: no page at", "/café?a=1");
    warn.mockRestore();
  });

  it("shows a malformed escape as it came instead of failing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { root } = fakeRoot();
    expect(reportMissingPage({ pathname: "/%E0%A4%A", search: "" }, root)).toBe("/%E0%A4%A");
    warn.mockRestore();
  });
});
