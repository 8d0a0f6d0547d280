import { describe, expect, it } from "vitest";
import { templates } from "./catalog";
import { templateDocument } from "./instantiate";

describe("template example messages", () => {
  it.each(templates.map((t) => [t.title, t] as const))("%s offers example messages it shows off, for an empty playground", (_, template) => {
    const examples = templateDocument(template).meta.examples ?? [];
    expect(examples.length).toBeGreaterThan(0);
    const showcased = new Set(template.showcase.map((s) => s.message));
    for (const example of examples) expect(showcased, example).toContain(example);
  });
});
