import { describe, expect, it } from "vitest";
import { findTemplate, loadTemplate, templates } from "./catalog";
import { templateDocument } from "./instantiate";

describe("template example messages", () => {
  it.each(templates.map((t) => [t.title, t] as const))("%s offers example messages it shows off, for an empty playground", async (_, template) => {
    const examples = templateDocument(await loadTemplate(template)).meta.examples ?? [];
    expect(examples.length).toBeGreaterThan(0);
    const showcased = new Set(template.showcase.map((s) => s.message));
    for (const example of examples) expect(showcased, example).toContain(example);
  });
});

describe("templates kept out of the first load", () => {
  it("the support desk, with its knowledge base's text, loads only when opened, and is listed by its document's own title and description", async () => {
    const template = findTemplate("support-desk");
    if (!template) throw new Error("no support-desk template");
    expect(template.source).toBeUndefined();
    expect(() => templateDocument(template)).toThrow('Template "Support desk with a policy knowledge base and memory" is not loaded yet');
    const document = templateDocument(await loadTemplate(template));
    expect(document.meta).toMatchObject({ id: template.id, name: template.title, description: template.description });
    expect(document.knowledge_bases?.[0]?.files.every((file) => (file.text ?? "").length > 0)).toBe(true);
  });

  it("the first template, opened on first run without waiting, is in the first load", () => {
    expect(templates[0]?.source).toBeDefined();
    expect(templates[0]?.load).toBeUndefined();
  });
});
