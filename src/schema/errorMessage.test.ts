import { describe, expect, it } from "vitest";
import { errorMessage } from "./errorMessage.js";

describe("errorMessage", () => {
  it("reads an Error's message, whatever its class", () => {
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage(new TypeError("fetch failed"))).toBe("fetch failed");
  });

  it("reads the message of a plain { name, message } object, as LangGraph reports a failed task", () => {
    expect(errorMessage({ name: "GraphRecursionError", message: "Recursion limit of 25 reached" })).toBe("Recursion limit of 25 reached");
  });

  it("writes anything else thrown as text", () => {
    expect(errorMessage("plain text")).toBe("plain text");
    expect(errorMessage(42)).toBe("42");
    expect(errorMessage(null)).toBe("null");
    expect(errorMessage(undefined)).toBe("undefined");
    expect(errorMessage({ message: 7 })).toBe("[object Object]");
  });
});
