import { describe, expect, it } from "vitest";
import { delegationStyle, marches } from "./delegationStyle";

describe("delegation edge styling", () => {
  const handoff = delegationStyle("handoff", true);
  const blocking = delegationStyle("tool", true);
  const background = delegationStyle("tool", false);

  it("draws a handoff as a solid, labelled line", () => {
    expect(handoff).toMatchObject({ strokeDasharray: undefined, label: "handoff", animated: false });
  });

  it("draws a blocking tool delegation dashed and a background one dotted, animated and in another colour", () => {
    expect(blocking).toMatchObject({ strokeDasharray: "8 4", label: "tool · blocking", animated: false });
    expect(background).toMatchObject({ strokeDasharray: "2 5", label: "tool · background", animated: true });
    expect(background.stroke).not.toBe(blocking.stroke);
  });

  it("gives the three modes three different dash patterns, labels and descriptions", () => {
    const styles = [handoff, blocking, background];
    for (const key of ["strokeDasharray", "label", "description"] as const) expect(new Set(styles.map((s) => s[key])).size).toBe(3);
  });

  it("treats a missing mode as the schema default (handoff), where blocking does not apply", () => {
    expect(delegationStyle(undefined, undefined)).toEqual(handoff);
    expect(delegationStyle("handoff", false)).toEqual(handoff);
  });

  it("moves a background link's dashes only while its sub-agent runs, and never another link's", () => {
    expect(marches(background, "running")).toBe(true);
    for (const status of [undefined, "ok", "paused", "error", "skipped"] as const) expect(marches(background, status)).toBe(false);
    expect(marches(blocking, "running")).toBe(false);
    expect(marches(handoff, "running")).toBe(false);
  });

  it("treats a tool edge without a blocking flag as blocking, the schema default", () => {
    expect(delegationStyle("tool", undefined)).toEqual(blocking);
  });
});
