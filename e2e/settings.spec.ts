// Settings: provider keys are saved to the secrets store and only ever shown masked.
import { expect, test } from "./fixtures";

const OPENAI_KEY = "sk-e2e-openai-0123456789abcdefWXYZ";
const ANTHROPIC_KEY = "sk-ant-e2e-0123456789abcdefQRST";

test("a saved key is shown masked after reopening and reloading, and never put back into the page", async ({ app, controls, page }) => {
  await app.goto();
  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  await dialog.getByRole("textbox", { name: "OpenAI API key" }).fill(OPENAI_KEY);
  await dialog.getByRole("textbox", { name: "Anthropic API key" }).fill(ANTHROPIC_KEY);
  await dialog.getByRole("textbox", { name: "OpenAI base URL" }).fill("http://localhost:11434/v1/");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  for (const reopen of ["reopen", "reload"]) {
    if (reopen === "reload") await page.reload();
    await controls.button("Settings").click();
    const openai = dialog.getByRole("textbox", { name: "OpenAI API key" });
    await expect(openai).toHaveValue("");
    await expect(openai).toHaveAttribute("placeholder", "Saved: sk-…WXYZ");
    await expect(openai).toHaveAccessibleDescription(/A key is saved \(sk-…WXYZ\)/);
    await expect(dialog.getByRole("textbox", { name: "Anthropic API key" })).toHaveAttribute("placeholder", "Saved: sk-…QRST");
    await expect(dialog.getByRole("textbox", { name: "OpenAI base URL" })).toHaveValue("http://localhost:11434/v1");
    const html = await page.content();
    expect(html).not.toContain(OPENAI_KEY);
    expect(html).not.toContain(ANTHROPIC_KEY);
    const values = await page.locator("input").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(values.join("\n")).not.toContain("0123456789abcdef");
    await dialog.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

test("an invalid base URL is refused with a clear error and nothing is saved", async ({ app, controls }) => {
  await app.goto();
  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  const baseUrl = dialog.getByRole("textbox", { name: "OpenAI base URL" });
  await baseUrl.fill("ftp://models.example.com");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/must start with http:\/\/ or https:\/\//);
  await expect(baseUrl).toHaveAttribute("aria-invalid", "true");
  await expect(baseUrl).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await controls.button("Settings").click();
  await expect(dialog.getByRole("textbox", { name: "OpenAI base URL" })).toHaveValue("");
});

test("a saved key can be removed", async ({ app, controls }) => {
  await app.goto();
  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  await dialog.getByRole("textbox", { name: "OpenAI API key" }).fill(OPENAI_KEY);
  await dialog.getByRole("button", { name: "Save" }).click();
  await controls.button("Settings").click();
  await dialog.getByRole("button", { name: "Remove OpenAI API key" }).click();
  await expect(dialog.getByRole("textbox", { name: "OpenAI API key" })).toHaveAccessibleDescription("No key saved.");
});
