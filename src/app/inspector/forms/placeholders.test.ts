import { describe, expect, it } from "vitest";
import { placeholdersIn } from "./placeholders";
import { checkToolCalls } from "./ScriptEditor";

describe("prompt placeholders", () => {
  it("lists each placeholder once, in order of use", () => {
    expect(placeholdersIn("Hi {{ state.user }}, {{input}} and {{ state.user }}; {{ not valid }}")).toEqual(["state.user", "input"]);
  });
});

describe("scripted tool calls", () => {
  it("accepts an array of named calls and rejects anything else", () => {
    expect(checkToolCalls([{ name: "get_weather", args: { city: "Paris" } }, { name: "get_time_date" }])).toBeNull();
    expect(checkToolCalls({ name: "x" })).toMatch(/array/);
    expect(checkToolCalls([{ args: {} }])).toMatch(/name/);
    expect(checkToolCalls([{ name: "x", args: [] }])).toMatch(/args/);
  });
});
