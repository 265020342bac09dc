import { expect, sitePaths, test } from "./fixtures";

function parseCsp(value: string) {
  return new Map(
    value
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = "", ...sources] = d.split(/\s+/);
        return [name, sources] as const;
      }),
  );
}

test.describe("security headers", () => {
  test("every page and the 404 page carry the security headers", async ({ request }) => {
    const paths = [...(await sitePaths(request)), "/missing-page"];
    for (const path of paths) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = parseCsp(headers["content-security-policy"] ?? "");
      expect(csp.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(csp.get("object-src"), path).toEqual(["'none'"]);
      expect(headers["strict-transport-security"], path).toMatch(/max-age=\d{8,}/);
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], path).toContain("camera=()");
    }
  });

  test("each page's CSP allows scripts only from the site and by hash (and WebAssembly for search)", async ({
    request,
  }) => {
    for (const path of [...(await sitePaths(request)), "/missing-page"]) {
      const html = await (await request.get(path)).text();
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
      expect(meta, path).toBeTruthy();
      const csp = parseCsp(meta ?? "");
      const scriptSrc = csp.get("script-src") ?? [];
      expect(scriptSrc[0], path).toBe("'self'");
      // The site search compiles Pagefind's WebAssembly; 'wasm-unsafe-eval' allows that and not eval().
      expect(scriptSrc[1], path).toBe("'wasm-unsafe-eval'");
      for (const source of scriptSrc.slice(2)) expect(source, path).toMatch(/^'sha(256|384|512)-[A-Za-z0-9+/=]+'$/);
      expect(csp.get("default-src"), path).toEqual(["'self'"]);
      expect(meta, path).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    }
  });

  test("the browser enforces the CSP: an injected inline script does not run", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") violations.push(msg.text());
    });
    await page.goto("/");
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      await new Promise((r) => setTimeout(r, 50));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect(violations.some((v) => v.includes("Content Security Policy"))).toBe(true);
  });

  test("forms validate in the browser without tripping the CSP (no eval probe)", async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const list = JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[];
        list.push(`${event.violatedDirective} ${event.blockedURI}`);
        sessionStorage.setItem("csp-violations", JSON.stringify(list));
      });
    });
    for (const [path, button, message, ready] of [
      ["/contact", "Send Message", "Name is required", "form[data-hydrated]"],
      ["/auth", "Sign In", "Invalid email address", "form[data-ready]"],
    ] as const) {
      await page.goto(path);
      await expect(page.locator(ready)).toBeVisible();
      await page.getByRole("button", { name: button, exact: true }).click();
      await expect(page.getByText(message).first()).toBeVisible();
      const violations = await page.evaluate(() => sessionStorage.getItem("csp-violations") ?? "[]");
      expect(JSON.parse(violations), path).toEqual([]);
    }
  });

  test("hashed build assets are cached for a year; pages are revalidated", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset ?? "");
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()["cache-control"]).toContain("max-age=31536000");
    expect(assetResponse.headers()["cache-control"]).toContain("immutable");
    expect((await request.get("/")).headers()["cache-control"]).not.toContain("immutable");
  });
});
