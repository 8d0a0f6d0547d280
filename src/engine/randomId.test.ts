import { afterEach, expect, it, vi } from "vitest";
import { randomId } from "./randomId.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => vi.restoreAllMocks());

it("makes RFC version-4 UUIDs, none repeated over many pools", () => {
  const ids = Array.from({ length: 5_000 }, randomId);
  for (const id of ids) expect(id).toMatch(UUID_V4);
  expect(new Set(ids).size).toBe(ids.length);
});

it("reads the random source once per 256 ids, not once per id", () => {
  const read = vi.spyOn(globalThis.crypto, "getRandomValues");
  for (let i = 0; i < 1_024; i++) randomId();
  expect(read.mock.calls.length).toBeGreaterThanOrEqual(4);
  expect(read.mock.calls.length).toBeLessThanOrEqual(5);
});

it("draws every hex digit outside the version and variant bits", () => {
  const seen = Array.from({ length: 36 }, () => new Set<string>());
  for (let i = 0; i < 2_000; i++) [...randomId()].forEach((char, at) => seen[at]!.add(char));
  const fixed = new Set([8, 13, 14, 18, 19, 23]);
  seen.forEach((chars, at) => {
    if (!fixed.has(at)) expect(chars.size, `position ${at}`).toBe(16);
  });
  expect([...seen[14]!]).toEqual(["4"]);
  expect([...seen[19]!].sort()).toEqual(["8", "9", "a", "b"]);
});
