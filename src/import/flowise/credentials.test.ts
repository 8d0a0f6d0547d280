/** No key, password, token or credential value of a Flowise file reaches the imported document or its report. */
import { describe, expect, it } from "vitest";
import { importForeign } from "../index.js";
import { CONTEXT, FIXTURE_FLOWS, fixtureText, importFixture } from "./testing.js";

const PLANT = "sk-planted-flowise-0123456789abcdef";
const CREDENTIAL_KEY = /credential|api_?key|apikey|password|passwd|token|secret|auth|bearer/i;
const URL_KEY = /url$|basepath$|^url$/i;

/**
 * Plants the key in every credential-ish field, at any depth and inside JSON text fields
 * (`flowData`, `mcpServerConfig`, header strings): credential fields, every header value, and
 * user info and a token parameter in every URL.
 */
function plant(value: unknown, key = ""): unknown {
  if (typeof value === "string") {
    const trimmed = value.trim();
    if ((trimmed.startsWith("{") || trimmed.startsWith("[")) && trimmed.length > 1) {
      try {
        return JSON.stringify(plant(JSON.parse(trimmed) as unknown, key));
      } catch {
        // Not JSON: a plain string.
      }
    }
    if (/headers/i.test(key)) return `Bearer ${PLANT}`;
    if (CREDENTIAL_KEY.test(key)) return PLANT;
    if (URL_KEY.test(key)) return `https://admin:${PLANT}@api.example.com/v1/items?token=${PLANT}&q=x`;
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => plant(item, key));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (/headers/i.test(key) && typeof v === "string") out[k] = k === "key" ? v : `Bearer ${PLANT}`;
      else out[k] = plant(v, /headers/i.test(key) && k === "value" ? key : k);
    }
    if (/headers/i.test(key) && !Array.isArray(value)) out.Authorization = `Bearer ${PLANT}`;
    return out;
  }
  return value;
}

describe("credentials", () => {
  it.each(FIXTURE_FLOWS)("$label: the keys written into the fixture appear nowhere in the document or report", ({ file, flow }) => {
    const result = importFixture(file, flow);
    expect(JSON.stringify({ document: result.document, report: result.report, problems: result.problems })).not.toContain("planted");
  });

  it.each(FIXTURE_FLOWS)("$label: a key planted in every credential field, header and URL is never copied", ({ file, flow }) => {
    const planted = JSON.stringify(plant(JSON.parse(fixtureText(file))));
    expect(planted.split(PLANT).length).toBeGreaterThan(5);
    const result = importForeign(planted, { ...CONTEXT, ...(flow === undefined ? {} : { flow }) });
    const out = JSON.stringify({ document: result.document, report: result.report, problems: result.problems });
    expect(out).not.toContain(PLANT);
    expect(out).not.toContain("0123456789abcdef");
  });
});
