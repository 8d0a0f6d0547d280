// The question a secret's first use at a new origin asks: the graph, tool, secret and origin,
// and Allow once / Always allow <origin> / Deny. Nothing has been sent while it is shown.
import type { SecretDecision, SecretInterrupt } from "../../engine/index.js";
import { useEditorStore } from "../store/EditorProvider";
import { usePlaygroundStore } from "../store/playground/PlaygroundStoreProvider";
import type { PendingInterruptView } from "../store/pendingInterrupts";
import { cardButton } from "./cardStyles";

/** The resumed run's label (the thread shows it as the person's turn). */
export function secretDecisionLabel(payload: SecretInterrupt, decision: SecretDecision): string {
  if (decision === "once") return `Allowed ${payload.secret} for ${payload.origin} once`;
  if (decision === "always") return `Always allowed ${payload.secret} for ${payload.origin}`;
  return `Denied ${payload.secret} to ${payload.origin}`;
}

export function SecretUseForm({ pending, payload, busy }: { pending: PendingInterruptView; payload: SecretInterrupt; busy: boolean }) {
  const editor = useEditorStore();
  const playground = usePlaygroundStore();
  const send = (decision: SecretDecision) =>
    void playground.getState().resume(editor.getState().document, {
      interruptId: pending.interruptId,
      value: { decision, secret: payload.secret, origin: payload.origin },
      label: secretDecisionLabel(payload, decision),
    });
  return (
    <>
      <p className="text-sm">{payload.message}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs">
        <dt className="font-semibold">Graph</dt>
        <dd>{payload.graph}</dd>
        <dt className="font-semibold">Tool</dt>
        <dd className="font-mono">{payload.tool}</dd>
        <dt className="font-semibold">Secret</dt>
        <dd className="font-mono">{payload.secret}</dd>
        <dt className="font-semibold">Origin</dt>
        <dd className="font-mono break-all">{payload.origin}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy} onClick={() => send("once")} className={`${cardButton} bg-sky-600 text-white hover:bg-sky-700`}>
          Allow once
        </button>
        <button type="button" disabled={busy} onClick={() => send("always")} className={`${cardButton} border border-zinc-300 dark:border-zinc-700`}>
          Always allow {payload.origin}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => send("deny")}
          className={`${cardButton} border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-900 dark:text-red-300`}
        >
          Deny
        </button>
      </div>
    </>
  );
}
