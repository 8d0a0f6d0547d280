/** Note: a sticky note on the canvas; it never runs and is left out of exports such as Mermaid. */
import { z } from "zod";
import { text } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

export const noteDataSchema = z.strictObject({ text: text.default(""), color: z.string().max(32).optional() });

export const noteKind = defineNodeKind(
  "note",
  noteDataSchema.default({ text: "" }),
)({
  title: "Note",
  group: "Basics",
  description: "A sticky note; does nothing",
  word: "note",
  unnamed: true,
  defaults: () => ({ text: "" }),
  accent: "yellow",
  minimap: "#facc15",
  mermaid: null,
  ports: { input: false, output: false, delegation: false },
  size: { width: 160, height: 48 },
  look: "sticky",
  detail: (data) => (data.text ? [data.text] : []),
});
