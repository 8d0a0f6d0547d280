/**
 * Child process of serverFigures.ts: measures the server figures named in argv, sends them to
 * the parent and exits (LangGraph's queue workers would keep the process alive).
 */
import { measureServerFigures } from "./measureServerFigures.js";
import { isServerFigure, SERVER_FIGURES, type ServerFiguresMessage } from "./serverFigures.js";

async function main(): Promise<ServerFiguresMessage> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !isServerFigure(name));
  if (unknown.length > 0) return { ok: false, error: `unknown server figure(s): ${unknown.join(", ")}` };
  const figures = await measureServerFigures(names.length > 0 ? names.filter(isServerFigure) : SERVER_FIGURES, (line) => process.stdout.write(`${line}\n`));
  return { ok: true, figures };
}

const message = await main().catch((error: unknown): ServerFiguresMessage => ({
  ok: false,
  error: error instanceof Error ? (error.stack ?? error.message) : String(error),
}));
process.send?.(message, () => process.exit(0));
if (!process.send) {
  process.stdout.write(`${JSON.stringify(message, null, 2)}\n`);
  process.exit(message.ok ? 0 : 1);
}
