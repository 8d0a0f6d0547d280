import { describe, expect, it } from "vitest";
import { caseValue } from "./SwitchForm";

describe("caseValue", () => {
  it("keeps text as typed for text cases", () => {
    expect(caseValue(" refund ", "string")).toBe(" refund ");
  });

  it("reads numbers, refusing text that is not one", () => {
    expect(caseValue("42", "number")).toBe(42);
    expect(caseValue("4.5e1", "number")).toBe(45);
    expect(caseValue("forty", "number")).toBeNull();
    expect(caseValue("  ", "number")).toBeNull();
  });

  it("reads only true and false as booleans", () => {
    expect(caseValue("true", "boolean")).toBe(true);
    expect(caseValue(" false", "boolean")).toBe(false);
    expect(caseValue("yes", "boolean")).toBeNull();
  });
});
