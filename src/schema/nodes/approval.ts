/**
 * Approval (human in the loop): pauses the run until a person approves, rejects or edits its
 * payload in the playground; approve and edit follow `approved`, reject follows `rejected`.
 */
import { z } from "zod";
import { identifier, text } from "../primitives.js";
import { jsonValue } from "../json.js";
import { copyHandles, defineNodeKind } from "./descriptor.js";

export const approvalDataSchema = z.strictObject({
  name: identifier,
  /** What the person is asked; a template over `{ state, input, results }`. */
  message: text.default("Approve this step?"),
  /**
   * The values under review (e.g. the arguments of an action), shown to the person and,
   * with `allow_edit`, editable. String values are templates over `{ state, input, results }`.
   */
  payload: z.record(z.string(), jsonValue).default({}),
  /** The person may change the payload before approving. */
  allow_edit: z.boolean().default(true),
  /** Also store the decision (`{ decision, payload, reason }`) in this state channel. */
  output_channel: identifier.optional(),
});

export type ApprovalData = z.infer<typeof approvalDataSchema>;

/** Outgoing handles of an Approval node, by name (edit counts as approved, with the edited payload). */
export const APPROVAL_HANDLES = {
  approved: { id: "approved", label: "Approved" },
  rejected: { id: "rejected", label: "Rejected" },
} as const;

export const approvalKind = defineNodeKind(
  "approval",
  approvalDataSchema,
)({
  title: "Approval",
  group: "People",
  description: "Pauses for a person to approve, reject or edit",
  word: "Approval node",
  handles: () => copyHandles([APPROVAL_HANDLES.approved, APPROVAL_HANDLES.rejected]),
  defaults: ({ name }) => ({ name: name("Approval"), message: "Approve this step?", payload: {}, allow_edit: true }),
  accent: "orange",
  minimap: "#f97316",
  mermaid: { label: "approval", shape: ["{{", "}}"], style: "fill:#fff7ed,stroke:#ea580c" },
  ports: { input: true, output: true, delegation: false },
  size: { width: 180, height: 96 },
  detail: (data) => [`${data.message}${data.allow_edit ? " · editable" : ""}`],
});
