/** Every fixture of every format is recognised as its own format, and as no other: the detectors do not overlap. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FOREIGN_FORMATS, IMPORTERS, readForeignText, type ForeignFormat } from "./index.js";

const fixtures = FOREIGN_FORMATS.flatMap((format) => {
  const dir = path.join(import.meta.dirname, format, "fixtures");
  return readdirSync(dir).map((file): [ForeignFormat, string, string] => [format, file, path.join(dir, file)]);
});

describe("format detection", () => {
  it("has one importer per format", () => {
    expect(IMPORTERS.map((i) => i.format).sort()).toEqual([...FOREIGN_FORMATS].sort());
  });

  it.each(fixtures)("%s fixture %s is claimed by its own importer only", (format, _file, file) => {
    const data = readForeignText(readFileSync(file, "utf8"));
    expect(IMPORTERS.filter((importer) => importer.detect(data)).map((importer) => importer.format)).toEqual([format]);
  });

  it("claims no Graphwright document", () => {
    for (const example of readdirSync(path.join(import.meta.dirname, "../../examples")).filter((f) => f.endsWith(".json"))) {
      const data = readForeignText(readFileSync(path.join(import.meta.dirname, "../../examples", example), "utf8"));
      expect(
        IMPORTERS.filter((importer) => importer.detect(data)).map((i) => i.format),
        example,
      ).toEqual([]);
    }
  });
});
