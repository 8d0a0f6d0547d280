// A support desk that searches a knowledge base for every message, and an engine host whose agents
// search the bases stored in its database, for the worker's knowledge tests.
import { createKnowledgeLibrary, KnowledgeStore, storedKnowledgeSearch, type KnowledgeLibrary } from "../../persistence/knowledge/index.js";
import { assertValid, type GraphDocument, type GraphDocumentInput } from "../../schema/index.js";
import { openTestHost, type TestHost } from "./openTestHost";

const at = { x: 0, y: 0 };

/**
 * Graph `id`, whose Support agent searches base `faq` (listing `files`) for every message and answers with what it found.
 * @example
 * const document = knowledgeDesk("desk.kb", ["returns.md"]);
 */
export function knowledgeDesk(id: string, files: string[]): GraphDocument {
  return assertValid({
    version: 1,
    meta: { id, name: "Desk" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    knowledge_bases: [{ id: "kb-faq", name: "faq", description: "Returns and shipping", files: files.map((name) => ({ name, bytes: 10 })) }],
    nodes: [
      { id: "start", kind: "start", position: at },
      {
        id: "support",
        kind: "agent",
        position: at,
        data: {
          name: "Support",
          model: "scripted",
          knowledge_bases: ["kb-faq"],
          script: {
            rules: [
              { match: "(?<q>.+)", tool_calls: [{ name: "search_faq", args: { query: "{{ match.q }}" } }] },
              { on: "tool", tool: "search_faq", reply: "Found: {{ tool_result }}" },
            ],
          },
        },
      },
      { id: "end", kind: "end", position: at },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "support" },
      { id: "e2", kind: "flow", source: "support", target: "end" },
    ],
  } satisfies GraphDocumentInput);
}

/**
 * A host whose `search_<name>` tools read the knowledge stored in its database (each search through a
 * fresh library, so it reads what is stored, not what an earlier search cached), and `indexing`, the
 * knowledge worker's side on the same database.
 * @example
 * const { host, indexing } = openKnowledgeHost("engine-host-knowledge");
 */
export function openKnowledgeHost(name: string): TestHost & { indexing: KnowledgeLibrary } {
  const opened = openTestHost(name, {
    with: ({ database }) => ({ knowledgeFor: (graphId) => storedKnowledgeSearch(createKnowledgeLibrary(new KnowledgeStore(database)), graphId) }),
  });
  return { ...opened, indexing: createKnowledgeLibrary(new KnowledgeStore(opened.database)) };
}
