import { expect, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("before its script runs, the sign-in button is disabled and says why @phone", async ({ page }) => {
  await page.goto("/auth");
  const button = page.getByRole("button", { name: "Sign In" });
  await expect(button).toBeDisabled();
  await expect(page.getByText("Preparing sign-in… It needs JavaScript to be enabled.")).toBeVisible();
  await expect(button).toHaveAccessibleDescription("Preparing sign-in… It needs JavaScript to be enabled.");
});
