// Whether the open graph is saved: quiet progress text, or an alert when saving failed.
import { useAutosaveStatus, useGraphSession } from "../services/GraphSessionProvider";
import { headerButton } from "./styles";

export function SaveStatus() {
  const status = useAutosaveStatus();
  const { autosave, store } = useGraphSession();

  if (status.state === "error") {
    return (
      <div role="alert" className="flex max-w-xl items-center gap-2 rounded-md bg-red-50 px-2 py-1 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
        <span>{status.message}</span>
        <button type="button" className={headerButton} onClick={() => void autosave.saveNow(store.getState().document)}>
          Retry
        </button>
        <button type="button" className={headerButton} onClick={() => autosave.dismiss()}>
          Dismiss
        </button>
      </div>
    );
  }
  const text =
    status.state === "invalid"
      ? status.message
      : status.state === "pending" || status.state === "saving"
        ? "Saving…"
        : status.state === "saved"
          ? "All changes saved"
          : "";
  return (
    <p
      aria-live="polite"
      className={`max-w-xs truncate text-xs ${status.state === "invalid" ? "text-amber-700 dark:text-amber-400" : "text-zinc-500 dark:text-zinc-400"}`}
      title={text ?? ""}
    >
      {text}
    </p>
  );
}
