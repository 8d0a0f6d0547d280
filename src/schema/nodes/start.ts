/** Start: where a user message enters the graph (exactly one per graph). */
import { z } from "zod";
import { title } from "../primitives.js";
import { defineNodeKind } from "./descriptor.js";

export const startDataSchema = z.strictObject({ name: title.default("Start") });

export const startKind = defineNodeKind(
  "start",
  startDataSchema.default({ name: "Start" }),
)({
  title: "Start",
  group: "Basics",
  description: "Where a user message enters the graph",
  word: "Start node",
  implicitName: "Start",
  defaults: () => ({ name: "Start" }),
  accent: "emerald",
  minimap: "#10b981",
  mermaid: { label: "", shape: ["([", "])"], style: "fill:#ecfdf5,stroke:#059669" },
  ports: { input: false, output: true, delegation: false },
  size: { width: 160, height: 52 },
});
