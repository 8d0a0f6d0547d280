/**
 * Lays out a generated graph with the code the app's layout worker runs and writes the positions
 * as JSON to stdout: `templates <nodes>` (templateShapes) or `chain <nodes>` (one flow chain).
 * tests/layoutAtScale.test.ts starts it with a browser worker's V8 stack (`node --stack-size=…`):
 * vitest's own threads have four times as much.
 */
import { layoutDocument } from "../../src/app/canvas/layout.js";
import { flowChain, templateShapes } from "./templateShapes.js";

const [shape, size] = process.argv.slice(2);
const nodes = Number(size);
const positions = await layoutDocument(shape === "chain" ? flowChain(nodes) : templateShapes(nodes), new Map());
process.stdout.write(JSON.stringify(positions));
