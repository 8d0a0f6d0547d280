/** The reload soak's diagnostics: what IndexedDB holds for a message whose turn went wrong. */
import type { Page } from "@playwright/test";

/** For a problem's report: the stored runs of a message (status, error) and their event types, read from IndexedDB. */
export function storedRuns(page: Page, input: string): Promise<string> {
  return page.evaluate(
    (input) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("graphwright");
        open.onerror = () => resolve("(database not readable)");
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(["runs", "events"], "readonly");
          const runs = tx.objectStore("runs").getAll();
          runs.onsuccess = () => {
            const mine = (runs.result as { id: string; input: string; status: string; error: string | null }[]).filter((r) => r.input === input);
            if (mine.length === 0) return resolve("no run stored");
            const lines: string[] = [];
            let pending = mine.length;
            for (const run of mine) {
              const events = tx.objectStore("events").getAll(IDBKeyRange.bound([run.id, -Infinity], [run.id, Infinity]));
              events.onsuccess = () => {
                const types = (events.result as { event: { type: string } }[]).map((row) => row.event.type).join(",");
                lines.push(`${run.status}${run.error ? ` (${run.error})` : ""}: ${types}`);
                if (--pending === 0) {
                  db.close();
                  resolve(lines.join(" / "));
                }
              };
            }
          };
        };
      }),
    input,
  );
}
