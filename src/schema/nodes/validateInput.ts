/**
 * Validate input (seed 001 `validate_input`): an empty message or one that is too long gets
 * its reply straight away and leaves through `invalid`; anything else leaves through `valid`.
 */
import { z } from "zod";
import { identifier, text } from "../primitives.js";
import { copyHandles, defineNodeKind } from "./descriptor.js";

/**
 * Validate input (seed 001 `validate_input`): an empty message or one longer than
 * `max_length` gets the matching reply and leaves through `invalid` (connect it to End);
 * anything else leaves through `valid`.
 */
export const validateInputDataSchema = z.strictObject({
  name: identifier,
  max_length: z.number().int().min(1).max(1_000_000).default(5_000),
  /** The reply to an empty (or whitespace-only) message. */
  empty_message: text.default("Please provide a request."),
  /** The reply to a message over `max_length`; `{{ max_length }}` and `{{ length }}` are filled in. */
  too_long_message: text.default("Please keep requests under {{ max_length }} characters."),
  description: text.default(""),
});

export type ValidateInputData = z.infer<typeof validateInputDataSchema>;

/** Outgoing handles of a Validate input node, by name. */
export const VALIDATE_INPUT_HANDLES = {
  valid: { id: "valid", label: "Valid" },
  invalid: { id: "invalid", label: "Invalid" },
} as const;

export const validateInputKind = defineNodeKind(
  "validate_input",
  validateInputDataSchema,
)({
  title: "Validate input",
  group: "Routing and planning",
  description: "Empty or too long messages get a reply straight away",
  word: "Validate input node",
  handles: () => copyHandles([VALIDATE_INPUT_HANDLES.valid, VALIDATE_INPUT_HANDLES.invalid]),
  defaults: ({ name }) => ({
    name: name("ValidateInput"),
    max_length: 5_000,
    empty_message: "Please provide a request.",
    too_long_message: "Please keep requests under {{ max_length }} characters.",
    description: "",
  }),
  accent: "teal",
  minimap: "#14b8a6",
  mermaid: { label: "validate input", shape: ["{", "}"], style: "fill:#f0fdfa,stroke:#0d9488" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 96 },
  detail: (data) => [`empty or over ${data.max_length} chars → Invalid`],
});
