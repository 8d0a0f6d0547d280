import { describe, expect, it } from "vitest";
import { commandScore, rankCommands } from "./rankCommands";

const command = (title: string, group = "Graph", keywords: string[] = []) => ({ title, group, keywords });
const titles = (list: { title: string }[]) => list.map((c) => c.title);

describe("palette filtering", () => {
  const commands = [
    command("Templates"),
    command("Save version", "Graph", ["snapshot"]),
    command("Versions", "Graph", ["history"]),
    command("Theme: Dark", "View", ["colour", "appearance"]),
    command("LLM", "Add node", ["One model call"]),
    command("Agent", "Add node", ["LLM with tools"]),
  ];

  it("lists every command in registry order for an empty query", () => {
    expect(titles(rankCommands(commands, "  "))).toEqual(titles(commands));
  });

  it("puts a title that starts with the query before one that only contains it", () => {
    expect(titles(rankCommands(commands, "ver"))).toEqual(["Versions", "Save version"]);
  });

  it("ranks a title match above a keyword match", () => {
    expect(titles(rankCommands(commands, "llm"))).toEqual(["LLM", "Agent"]);
  });

  it("finds a command by a word of its title, its group or a keyword, ignoring case", () => {
    expect(titles(rankCommands(commands, "DARK"))).toEqual(["Theme: Dark"]);
    expect(titles(rankCommands(commands, "appearance"))).toEqual(["Theme: Dark"]);
    expect(titles(rankCommands(commands, "snapshot"))).toEqual(["Save version"]);
    expect(titles(rankCommands(commands, "add node"))).toEqual(["LLM", "Agent"]);
  });

  it("needs every word of the query to match", () => {
    expect(titles(rankCommands(commands, "theme dark"))).toEqual(["Theme: Dark"]);
    expect(titles(rankCommands(commands, "theme light"))).toEqual([]);
  });

  it("scores no match as -1", () => {
    expect(commandScore(command("Settings"), "zebra")).toBe(-1);
  });
});
