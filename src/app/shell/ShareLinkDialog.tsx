// Share link: a URL that carries the graph itself (secrets stripped) in its fragment.
import { useId, useState } from "react";
import { Dialog } from "./Dialog";
import { fieldHint, fieldLabel, primaryButton, textInput } from "./styles";

export interface SharedLink {
  url: string;
  /** JSON paths of the secrets left out. */
  removed: string[];
}

export function ShareLinkDialog({ link, onClose }: { link: SharedLink; onClose: () => void }) {
  const inputId = useId();
  const hintId = useId();
  const [copied, setCopied] = useState<string | null>(null);
  const kb = Math.max(1, Math.round(link.url.length / 1024));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied("Copied.");
    } catch {
      setCopied("The browser did not allow copying; select the link and copy it yourself.");
    }
  };

  return (
    <Dialog title="Share link" onClose={onClose}>
      <label htmlFor={inputId} className={fieldLabel}>
        Link
      </label>
      <input
        id={inputId}
        type="text"
        readOnly
        value={link.url}
        data-autofocus
        onFocus={(event) => event.currentTarget.select()}
        aria-describedby={hintId}
        className={`mt-1 font-mono ${textInput}`}
      />
      <p id={hintId} className={fieldHint}>
        The graph is inside the link ({kb} KB); nothing is uploaded. Whoever opens it gets their own copy, checked like an imported file and never run by
        opening it.
        {link.removed.length > 0 && ` Left out ${link.removed.length} secret${link.removed.length === 1 ? "" : "s"}: ${link.removed.join(", ")}.`}
      </p>
      <div className="mt-4 flex items-center justify-end gap-3">
        <p aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400">
          {copied}
        </p>
        <button type="button" className={primaryButton} onClick={() => void copy()}>
          Copy link
        </button>
      </div>
    </Dialog>
  );
}
