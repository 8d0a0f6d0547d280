/**
 * What the shared code editor takes, apart from the editor itself, so fields and the plain
 * field shown while CodeMirror loads import no editor code.
 */
import type { CelSyntaxProblem } from "../inspector/fields/celSyntax";

/** The languages the editor knows: each has its highlighting, completions and lint adapter. */
export type CodeLanguage = "javascript" | "json" | "cel";

/** Where in a tool's code a sandbox failure happened, as the sandbox reports it (1-based). */
export interface CodeFailure {
  message: string;
  line?: number;
  column?: number;
}

/**
 * What our own check found, as data: the editor (loaded lazily) turns it into lint markers
 * with the adapter of its kind (`diagnostics.ts`), so fields carry no marker code themselves.
 */
export type OwnCheck =
  | { kind: "json"; shapeProblem?: string | null; optional?: boolean }
  | { kind: "cel"; problem: CelSyntaxProblem | null }
  | { kind: "sandbox"; failure: CodeFailure | null };

export interface CodeEditorProps {
  /** The editable element's id (fields' `<label htmlFor>` and error ids refer to it). */
  id?: string;
  /** The accessible name; ignored when `labelledBy` is given. */
  label: string;
  /** The id of the element that names the editor, when its name is more than `label`. */
  labelledBy?: string;
  language: CodeLanguage;
  value: string;
  onChange(text: string): void;
  onBlur?(): void;
  /** Enter (one-line editors) or Ctrl/Cmd+Enter (multi-line ones). */
  onCommit?(): void;
  /** Escape; returns whether it did something (e.g. discarded a draft). */
  onEscape?(): boolean;
  multiline?: boolean;
  rows?: number;
  describedBy?: string;
  invalid?: boolean;
  /** Our own check of the current `value`, shown as lint markers. */
  check?: OwnCheck;
  /** Names offered by autocompletion (registered conditions, state channels, …). */
  completions?: readonly string[];
  placeholder?: string;
  /** Focus the editor when it appears (it replaces a focused plain field). */
  autoFocus?: boolean;
}
