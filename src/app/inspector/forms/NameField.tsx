// The Name field every named node kind's form starts with.
import type { ReactNode } from "react";
import { TextField } from "../fields/TextField";

export function NameField({ value, update, hint }: { value: string; update: (patch: { name: string }) => void; hint?: ReactNode }) {
  return <TextField label="Name" value={value} onCommit={(name) => update({ name })} hint={hint} />;
}
