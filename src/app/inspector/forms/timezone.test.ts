import { describe, expect, it } from "vitest";
import { isTimeZone, timeZoneValue } from "./timezone";

describe("the agent's Timezone field", () => {
  it("stores a known IANA zone, trimmed", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(timeZoneValue(" Europe/Paris ")).toBe("Europe/Paris");
  });

  it("clears the zone (UTC default) for blank text", () => {
    expect(timeZoneValue("   ")).toBeUndefined();
  });

  it("refuses text that is not a zone", () => {
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(timeZoneValue("Mars/Olympus")).toBeNull();
  });
});
