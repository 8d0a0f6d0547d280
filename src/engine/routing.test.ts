import { describe, expect, it } from "vitest";
import { parseMention, routeTurn } from "./routing.js";

const agents = ["Billing", "Support", "tech-desk"];

describe("parseMention", () => {
  it("matches a leading mention case-insensitively and returns the candidate's spelling", () => {
    expect(parseMention("@billing where is my refund?", agents)).toBe("Billing");
    expect(parseMention("@SUPPORT help", agents)).toBe("Support");
  });

  it("allows whitespace before the mention", () => {
    expect(parseMention("  \n\t@Support help", agents)).toBe("Support");
  });

  it("reads names with digits, hyphens and underscores", () => {
    expect(parseMention("@Tech-Desk my laptop", agents)).toBe("tech-desk");
  });

  it("ends the name at punctuation", () => {
    expect(parseMention("@Billing, hi", agents)).toBe("Billing");
    expect(parseMention("@Billing's team", agents)).toBe("Billing");
  });

  it("ignores a mention that is not at the start", () => {
    expect(parseMention("Hi @Billing", agents)).toBeNull();
  });

  it("ignores an email-like address", () => {
    expect(parseMention("mail billing@Billing.com", agents)).toBeNull();
    expect(parseMention("a@Billing", agents)).toBeNull();
  });

  it("returns null for a name that is not a candidate", () => {
    expect(parseMention("@Sales hi", agents)).toBeNull();
  });

  it("does not match a candidate by prefix", () => {
    expect(parseMention("@Bill hi", agents)).toBeNull();
    expect(parseMention("@Billingx hi", agents)).toBeNull();
  });

  it("returns null for a bare @ or a name that does not start with a letter", () => {
    expect(parseMention("@ Billing", agents)).toBeNull();
    expect(parseMention("@1Billing", ["1Billing"])).toBeNull();
  });
});

describe("routeTurn", () => {
  it("routes a mention to the mentioned agent", () => {
    expect(routeTurn({ message: "@Billing refund?", activeAgent: null, agents, self: null })).toEqual({ kind: "mention", agent: "Billing" });
  });

  it("lets a mention beat the stored active agent", () => {
    expect(routeTurn({ message: "@support hi", activeAgent: "Billing", agents, self: null })).toEqual({ kind: "mention", agent: "Support" });
  });

  it("resumes the stored active agent when there is no mention", () => {
    expect(routeTurn({ message: "and another thing", activeAgent: "Billing", agents, self: "Triage" })).toEqual({ kind: "resume", agent: "Billing" });
  });

  it("does not resume an agent that is not reachable", () => {
    expect(routeTurn({ message: "hi", activeAgent: "Sales", agents, self: null })).toEqual({ kind: "default" });
  });

  it("does not resume itself", () => {
    expect(routeTurn({ message: "hi", activeAgent: "Billing", agents, self: "Billing" })).toEqual({ kind: "default" });
  });

  it("ignores a mention of itself and follows the graph", () => {
    expect(routeTurn({ message: "@Billing hi", activeAgent: null, agents, self: "Billing" })).toEqual({ kind: "default" });
  });

  it("falls back to resuming the active agent when the mention names itself", () => {
    expect(routeTurn({ message: "@Billing hi", activeAgent: "Support", agents, self: "Billing" })).toEqual({ kind: "resume", agent: "Support" });
  });

  it("follows the graph with no mention and no active agent", () => {
    expect(routeTurn({ message: "hi", activeAgent: undefined, agents, self: null })).toEqual({ kind: "default" });
  });

  it("follows the graph for a mention of an unknown agent", () => {
    expect(routeTurn({ message: "@Sales hi", activeAgent: null, agents, self: null })).toEqual({ kind: "default" });
  });

  it("matches the active agent exactly, not case-insensitively", () => {
    expect(routeTurn({ message: "hi", activeAgent: "billing", agents, self: null })).toEqual({ kind: "default" });
  });
});
