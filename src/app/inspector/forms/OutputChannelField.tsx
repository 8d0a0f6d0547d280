// "Also store the result in this state channel": a channel name with the graph's channels offered.
import { useEditorShallow } from "../../store/hooks";
import { TextField } from "../fields/TextField";

export function OutputChannelField({
  value,
  onCommit,
  hint,
  label = "Output channel",
}: {
  value: string | undefined;
  onCommit(channel: string | undefined): void;
  hint?: string;
  label?: string;
}) {
  const channels = useEditorShallow((s) => s.document.state.channels.map((c) => c.name));
  return (
    <TextField
      label={label}
      value={value ?? ""}
      placeholder="none"
      suggestions={channels}
      onCommit={(text) => onCommit(text.trim() || undefined)}
      hint={hint}
    />
  );
}
