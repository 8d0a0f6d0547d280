// Where files enter a knowledge base: dropped on the zone, or chosen with its button (the
// keyboard way). Which types are accepted is decided when the files are read; `accept` only
// narrows the picker.
import { useRef, useState } from "react";
import { buttonClass, hintClass } from "../fields/styles";

export const KNOWLEDGE_FILE_TYPES = ".txt,.md,.markdown,.html,.htm,.pdf,.json";

interface KnowledgeDropZoneProps {
  /** The base's name, for the controls' accessible names. */
  name: string;
  disabled: boolean;
  onFiles(files: File[]): void;
}

export function KnowledgeDropZone({ name, disabled, onFiles }: KnowledgeDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        if (disabled || !event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (disabled) return;
        event.preventDefault();
        onFiles([...event.dataTransfer.files]);
      }}
      className={`mb-2 rounded border border-dashed p-2 text-center ${over ? "border-blue-500 bg-blue-50 dark:bg-blue-950/40" : "border-zinc-300 dark:border-zinc-700"}`}
    >
      <p className={`${hintClass} mb-1`}>Drop .txt, .md, .html, .pdf or .json files here, or</p>
      <button type="button" className={buttonClass} disabled={disabled} aria-label={`Add files to ${name}`} onClick={() => input.current?.click()}>
        Choose files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={KNOWLEDGE_FILE_TYPES}
        aria-label={`Files for ${name}`}
        tabIndex={-1}
        className="sr-only"
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so choosing the same file again adds it again.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
