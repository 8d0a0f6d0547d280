/** End: where a turn finishes and the graph's answer leaves. */
import { z } from "zod";
import { title } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

export const endDataSchema = z.strictObject({ name: title.default("End") });

export const endKind = defineNodeKind(
  "end",
  endDataSchema.default({ name: "End" }),
)({
  title: "End",
  group: "Basics",
  description: "Where the graph's answer leaves",
  word: "End node",
  implicitName: "End",
  defaults: () => ({ name: "End" }),
  accent: "rose",
  minimap: "#f43f5e",
  mermaid: { label: "", shape: ["([", "])"], style: "fill:#fef2f2,stroke:#dc2626" },
  ports: { input: true, output: false, delegation: false },
  size: { width: 160, height: 52 },
});
