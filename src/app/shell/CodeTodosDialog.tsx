// After Export → LangGraph.js code, when the generated project has places that do not yet do what
// the graph does: each one by name, with why and the file its `TODO(<name>)` comment is in.
import { Dialog } from "./Dialog";
import { fieldHint } from "./styles";

export interface CodeTodos {
  fileName: string;
  folder: string;
  todos: readonly { name: string; reason: string; file: string }[];
}

export function CodeTodosDialog({ report, onClose }: { report: CodeTodos; onClose: () => void }) {
  const count = report.todos.length;
  return (
    <Dialog title="Code export: places to finish" onClose={onClose} width="max-w-2xl">
      <p className={fieldHint}>
        {report.fileName} holds the whole project. {count} place{count === 1 ? " does" : "s do"} not do what the graph does yet: each is marked{" "}
        <code>TODO(name)</code> in its file. The rest runs as drawn: unzip, cd into {report.folder}, then npm install && npm test.
      </p>
      <ul aria-label="Places to finish" className="mt-3 max-h-80 list-disc space-y-1 overflow-auto pl-5 text-sm">
        {report.todos.map((todo, i) => (
          <li key={i}>
            <span className="font-medium">{todo.name}</span>: {todo.reason} <span className="font-mono text-xs text-zinc-500">({todo.file})</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
