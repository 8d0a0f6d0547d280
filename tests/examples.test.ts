/** Golden documents in examples/ run through the public API, offline, on the scripted model. */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { collectRun, compileGraph } from "../src/engine/index.js";
import { validateText } from "../src/schema/index.js";
import { testServices } from "./support/services.js";

const dir = path.resolve(import.meta.dirname, "../examples");
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

describe("examples", () => {
  it("has at least one example", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s validates and answers a greeting without errors", async (file) => {
    const result = validateText(readFileSync(path.join(dir, file), "utf8"));
    if (!result.ok) throw new Error(result.errors.map((e) => `${e.path}: ${e.message}`).join("\n"));
    const events = await collectRun(compileGraph(result.document, testServices()), { message: "hello" }, { threadId: file });
    expect(events.filter((e) => e.type === "error")).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });

  it("weather-assistant reports a failing lookup as a tool error and apologises", async () => {
    const result = validateText(readFileSync(path.join(dir, "weather-assistant.json"), "utf8"));
    if (!result.ok) throw new Error("invalid example");
    const events = await collectRun(compileGraph(result.document, testServices()), { message: "What's the weather in Atlantis?" }, { threadId: "x" });
    const toolResult = events.find((e) => e.type === "tool_result");
    expect(toolResult).toMatchObject({ error: "No weather station found for Atlantis" });
    const reply = events.filter((e) => e.type === "ai_message").at(-1);
    expect(reply).toMatchObject({ content: "Sorry, I couldn't get that forecast (Error: No weather station found for Atlantis)." });
  });
});
