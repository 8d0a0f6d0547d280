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

/** Delays every read of the settings store by a second once `__slowSettingsReads` is set, as a busy IndexedDB would. */
const SLOW_SETTINGS_READS = () => {
  const get = IDBObjectStore.prototype.get;
  IDBObjectStore.prototype.get = function (this: IDBObjectStore, query: IDBValidKey | IDBKeyRange) {
    const request = get.call(this, query);
    if ((globalThis as { __slowSettingsReads?: boolean }).__slowSettingsReads && this.name === "settings") {
      const listen = request.addEventListener.bind(request);
      request.addEventListener = ((type: string, listener: EventListener, options?: AddEventListenerOptions) =>
        listen(type, (event) => setTimeout(() => listener.call(request, event), 1_000), options)) as typeof request.addEventListener;
    }
    return request;
  };
};

test("a server URL typed while Settings are still being read is the one saved, and Run on offers it", async ({ app, controls, page }) => {
  await page.addInitScript(SLOW_SETTINGS_READS);
  await app.goto();
  await page.evaluate(() => ((globalThis as { __slowSettingsReads?: boolean }).__slowSettingsReads = true));
  await controls.button("Settings").click();
  const dialog = controls.dialog("Settings");
  await dialog.getByRole("textbox", { name: "LangGraph server URL" }).fill("http://127.0.0.1:9");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Run on" }).getByRole("option")).toHaveText(["This browser", "Server 127.0.0.1:9"]);
});
