/** The CLI's --help text: every command, its options and where keys come from. */
export const USAGE = `Usage: npm run cli -- run <graph.json> "<message>" [--thread <id>] [--checkpoint <store>] [--graphs <dir>] [--json]
       npm run cli -- run <graph.json> --thread <id> --resume '<answer>' [--interrupt <id>] [--checkpoint <store>]
       npm run cli -- test <graph.json> [--junit <out.xml>] [--graphs <dir>]
       npm run cli -- eval <graph.json> [--dataset <name or file.csv|.jsonl>] [--variants <profile>[,<profile>…]]
                          [--concurrency <n>] [--out <results.json>] [--junit <out.xml>] [--min-pass <0–1>]
                          [--resume <results.json>] [--graphs <dir>]
       npm run cli -- bundle <graph.json> --out <dir> [--graphs <dir>]
       npm run cli -- eject <graph.json> --out <dir> [--graphs <dir>]
       npm run cli -- import <workflow file> --out <graph.json> [--report <report.json>] [--flow <name>] [--force]
       npm run cli -- mcp <graph.json> [--checkpoint <store>] [--graphs <dir>]
       npm run cli -- serve [--port <n>] [--host <host>] [--graphs <dir>] [--state <dir>]
                          [--cors-origin <origin> …]

  run                    runs one turn of a graph here, in Node
  test                   runs the graph's tests (its "tests": saved threads and their
                         assertions), prints a pass/fail table; exit code 0 when all
                         pass, 1 when any fails, 2 when the file is unreadable, invalid
                         or has no tests
  eval                   runs a dataset's cases on 1–4 variants (each --variants profile runs
                         every agent and LLM node, or names one of the dataset's own variants;
                         default: the dataset's variants, else the graph as drawn), prints
                         pass rate, latency, tokens and cost per
                         variant; exit code 1 when a variant's pass rate is under --min-pass,
                         2 for bad input, 130 when stopped
  bundle                 writes a LangGraph server project for the graph into --out
                         (then: cd <dir> && npm install && npx langgraphjs dev)
  eject                  writes the graph as a LangGraph.js TypeScript project you own into
                         --out (a new or empty folder): one function per node, tools with zod
                         schemas, the graph's tests, and the graphs its Subgraph nodes run
                         (from --graphs); lists each place marked TODO that is not
                         exported yet (then: cd <dir> && npm install && npm test); exit code 2
                         when the graph has problems or --out is not empty
  import                 turns a Flowise, Langflow, n8n or Dify workflow (recognised by its
                         content) into a graph file, never running or fetching anything in it;
                         prints what mapped, was approximated or not carried over, and what to
                         fill in (keys are never copied); exit code 0 when the graph was
                         written, 2 when the file is unreadable or not a workflow it knows
  mcp                    serves the graph as an MCP tool over stdio (for Claude Desktop,
                         Claude Code, Cursor): tool name = meta.id, input { message,
                         thread_id?, answer? }; keys and tool secrets from the environment;
                         run it as npm run --silent cli -- mcp … (stdout is the protocol)
  serve                  starts the Graphwright runtime server, a LangGraph server whose
                         assistants are graph documents (the app's Publish to server and
                         run target); --graphs publishes every graph of a folder at start;
                         each published graph is also an MCP tool at <url>/mcp

  --thread <id>          thread to run on (default: a new thread)
  --checkpoint <store>   where threads are kept, so a later run can resume one:
                         memory (default, this run only), sqlite:<file>,
                         postgres://user:password@host:port/database
                         (agents' long-term memories live there too with postgres;
                         otherwise they last this run only)
  --graphs <dir>         where Subgraph nodes find other graphs, by meta.id or file
                         name (default: the folder of <graph.json>)
  --json                 print one JSON event per line instead of readable text
  --junit <out.xml>      test also writes the results as JUnit XML, failures with their diffs;
                         eval writes one test case per case and variant, "<variant>: <case>"
  --dataset <name|file>  eval's dataset: a name in the graph, or a CSV or JSONL file (header
                         detected; input, expected and id columns found by name, the rest
                         metadata; the graph's dataset of the file's name gives its evaluators)
  --concurrency <n>      eval: cases run at once (1–16, default 4)
  --out <results.json>   eval: every case and variant (passed, scores, reply, latency, tokens, cost)
  --min-pass <0–1>       eval: the pass rate each variant must reach, e.g. 0.9
  --resume <answer>      answer the run paused on --thread (exit code 3 means paused):
                         '{"decision":"approve"}', '{"decision":"reject","reason":"…"}',
                         '{"decision":"edit","args":{…}}' or '{"option_id":"<id>"}'
                         for eval, the results file of an earlier run: only the cases without
                         a verdict (errors, stopped) run again
  --interrupt <id>       which pending interrupt the answer is for, when there are several
  --out <dir>            where bundle or eject writes the project (an empty or new folder); for
                         import, the graph file to write
  --report <file>        import also writes its report as JSON (every source node's status)
  --flow <name>          which flow of a file of several to import (the error lists them)
  --force                import overwrites --out and --report; without it, an existing
                         file is refused and left as it was
  --port <n>             serve's port (default 8123); --host its address (default 127.0.0.1;
                         any other than loopback needs GRAPHWRIGHT_SERVER_API_KEY)
  --cors-origin <origin> a page origin allowed to call serve, e.g. http://localhost:5173; give
                         it once per origin (default: the app's own dev and preview origins,
                         http://localhost:5173, http://127.0.0.1:5173, http://localhost:4173,
                         http://127.0.0.1:4173); pages of other origins are refused
  --state <dir>          where serve keeps threads and assistants (default .graphwright-server)
                         (with GRAPHWRIGHT_SERVER_API_KEY set, serve asks every request for that key
                         as x-api-key: Settings' LangGraph API key sends it)

Provider keys come from OPENAI_API_KEY and ANTHROPIC_API_KEY. Knowledge bases are searched
from their files' text in <graph.json>, which an export from Graphwright carries when
"include knowledge bases" is checked; a base with an embeddings model profile is embedded
with OPENAI_API_KEY and searched hybrid (full text only, with a warning, without the key).
A graph whose settings name memory_embedding_profile recalls memories by meaning with
OPENAI_API_KEY in the in-memory store (memory, sqlite:<file>) and on serve (its own store;
without the key, by words, with a warning); with postgres://, by words.`;
