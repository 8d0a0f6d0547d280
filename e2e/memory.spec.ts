// Long-term memory in the app: an agent with memory on saves a preference in one thread and
// recalls it in another; the Memory panel lists it, an edit there changes what a later recall
// returns, and memories outlive a reload (they live in IndexedDB, written by the engine worker).
import preferences from "../tests/support/preferences-memory.json" with { type: "json" };
import { expect, test } from "./fixtures";
import { MemoryPanel } from "./pages/MemoryPanel";

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors).toEqual([]);
});

test("a memory saved in one thread is recalled in another", async ({ app, controls, editor, page, playground }) => {
  await app.goto();
  await controls.import("preferences-memory.json", JSON.stringify(preferences));
  await expect(controls.graphName).toHaveValue("Preferences with memory");
  await editor.node("Concierge").click();
  await expect(editor.inspector.getByRole("checkbox", { name: "Long-term memory", exact: true })).toBeChecked();

  await playground.sendAndWait("I prefer green tea");
  await expect(playground.article("Concierge: Saved")).toContainText('Remembered "preference"');

  await playground.newThreadButton.click();
  await expect(playground.messages).toHaveCount(0);
  await playground.sendAndWait("What do I prefer?");
  await expect(playground.article("Concierge: From memory")).toContainText("The user prefers green tea");

  // The Memory panel lists it under its agent, and an edit there is what the agent recalls next.
  const memory = new MemoryPanel(page);
  await memory.openFromViewMenu();
  await expect(memory.memory("Concierge", "preference")).toContainText("The user prefers green tea");
  await memory.edit("Concierge", "preference", "The user prefers black coffee");
  await expect(memory.memory("Concierge", "preference")).toContainText("The user prefers black coffee");
  await memory.close();

  await playground.newThreadButton.click();
  await playground.sendAndWait("What do I prefer?");
  await expect(playground.article("Concierge: From memory")).toContainText("The user prefers black coffee");

  // A reload keeps it: the panel lists it again, and a new thread still recalls it.
  await page.reload();
  await expect(controls.graphName).toHaveValue("Preferences with memory");
  await memory.openFromCommandPalette();
  await expect(memory.memory("Concierge", "preference")).toContainText("The user prefers black coffee");
  await memory.close();
  await playground.newThreadButton.click();
  await playground.sendAndWait("What do I prefer?");
  await expect(playground.article("Concierge: From memory")).toContainText("The user prefers black coffee");
});

test("the Memory panel shows what a run remembers when it ends, and deletes one memory or all of an agent's", async ({ app, controls, page, playground }) => {
  // The reply streams slowly (about seven seconds) before its remember call, so the panel is
  // open while the run goes on and must update when it ends.
  const slow = structuredClone(preferences);
  slow.meta = { ...slow.meta, id: "preferences-slow", name: "Slow preferences" };
  const script = slow.nodes.find((node) => node.id === "concierge")!.data.script!;
  script.tokens_per_second = 4;
  script.rules.unshift({
    match: "^slowly note (?<what>.+)$",
    reply:
      "Let me write that down carefully, one word at a time, so that nothing you told me is lost or mixed up when you come back in another conversation later.",
    tool_calls: [{ name: "remember", args: { key: "note", content: "Note: {{ match.what }}" } }],
  } as never);
  await app.goto();
  await controls.import("slow-preferences.json", JSON.stringify(slow));
  await expect(controls.graphName).toHaveValue("Slow preferences");

  const memory = new MemoryPanel(page);
  await memory.openFromViewMenu();
  await expect(memory.region).toContainText("No memories yet");
  await memory.close();

  await playground.send("slowly note aisle seats");
  await expect(playground.status).toHaveText("Running");
  await memory.openFromCommandPalette();
  await expect(memory.region).toContainText("No memories yet");
  await expect(memory.memory("Concierge", "note")).toContainText("Note: aisle seats", { timeout: 30_000 });
  await memory.close();
  await expect(playground.status).toHaveText("Idle");

  await playground.sendAndWait("I prefer tea");
  await memory.openFromViewMenu();
  await expect(memory.memoriesOf("Concierge").getByRole("listitem")).toHaveCount(2);
  await memory.memory("Concierge", "note").getByRole("button", { name: "Delete memory note", exact: true }).click();
  await expect(memory.memoriesOf("Concierge").getByRole("listitem")).toHaveCount(1);
  await expect(memory.region).toBeFocused();

  await memory.region.getByRole("button", { name: "Delete all memories of Concierge", exact: true }).click();
  await memory.region.getByRole("group", { name: "Delete all memories of Concierge?" }).getByRole("button", { name: "Delete all", exact: true }).click();
  await expect(memory.region).toContainText("No memories yet");
  await memory.close();

  await playground.newThreadButton.click();
  await playground.sendAndWait("What do I prefer?");
  await expect(playground.article("Concierge: From memory")).toContainText("Nothing in long-term memory matches.");
});
