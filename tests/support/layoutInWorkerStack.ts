/**
 * Lays out `templateShapes(<nodes>)` with the code the app's layout worker runs and writes the
 * positions as JSON to stdout. tests/layoutAtScale.test.ts starts it with the V8 stack of a
 * browser worker (`node --stack-size=…`): vitest's own threads have four times as much.
 */
import { layoutDocument } from "../../src/app/canvas/layout.js";
import { templateShapes } from "./templateShapes.js";

const positions = await layoutDocument(templateShapes(Number(process.argv[2])), new Map());
process.stdout.write(JSON.stringify(positions));
