// Templates: each template opens from the Templates dialog as a new graph, its nodes on the canvas.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

interface Example {
  meta: { name: string };
  nodes: { kind: string; data: { name?: string } }[];
}

const read = (file: string): Example => JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../examples", file), "utf8")) as Example;
const TEMPLATES = ["weather-assistant.json", "supervisor-team.json", "routed-support.json"].map(read);
const nodeNames = (example: Example) => example.nodes.flatMap((n) => (n.kind !== "note" && n.data.name ? [n.data.name] : []));

test("a first visit opens the first template", async ({ app, controls }) => {
  await app.goto();
  const first = TEMPLATES[0]!;
  await expect(controls.graphName).toHaveValue(first.meta.name);
  for (const name of nodeNames(first)) await expect(controls.node(name)).toBeVisible();
});

test("the Templates dialog offers every template by title, with a description", async ({ app, controls }) => {
  await app.goto();
  await controls.button("Templates").click();
  const dialog = controls.dialog("Templates");
  for (const example of TEMPLATES) {
    await expect(dialog.getByRole("button", { name: example.meta.name, exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole("button", { name: "Routed support", exact: true })).toHaveAccessibleDescription(/Triage router/);
  await dialog.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(controls.button("Templates")).toBeFocused();
});

for (const example of TEMPLATES) {
  test(`choosing "${example.meta.name}" shows its nodes on the canvas with a fresh undo history`, async ({ app, controls }) => {
    await app.goto();
    await controls.openTemplate(example.meta.name);
    for (const name of nodeNames(example)) await expect(controls.node(name)).toBeVisible();
    const undo = controls.header.getByRole("button", { name: "Undo", exact: true });
    if ((await undo.count()) > 0) await expect(undo).toBeDisabled();
  });
}

test("opening a template keeps the previous graph in the workspace", async ({ app, controls }) => {
  await app.goto();
  await controls.rename("My weather graph");
  await controls.openTemplate("Routed support");
  await controls.button("Open").click();
  const dialog = controls.dialog("Open graph");
  await dialog.getByRole("button", { name: "My weather graph", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(controls.graphName).toHaveValue("My weather graph");
  await expect(controls.node("Assistant")).toBeVisible();
});
