/**
 * tests/graph.test.ts of the generated project: each of the document's tests played on a fresh
 * graph (its own checkpointer and store) with node:test, each assertion kind as plain TypeScript.
 */
import { describeAssertion, type Assertion, type GraphTest } from "../schema/index.js";
import { regexExpression, stringLiteral, valueLiteral } from "./escape.js";
import { todo, type EjectPlan } from "./plan.js";

export const TESTS_PATH = "tests/graph.test.ts";

/** One assertion: the condition, and the message a failure prints (expected against actual). */
function check(condition: string, assertion: Assertion, actual: string): string {
  return `assert.ok(${condition}, ${stringLiteral(`Expected: ${describeAssertion(assertion)}\nActual: `)} + ${actual});`;
}

function argsMatchExpression(assertion: Extract<Assertion, { kind: "tool_called" | "tool_not_called" }>): string {
  const patterns = Object.entries(assertion.args_match ?? {}).map(([key, pattern]) => `${stringLiteral(key)}: ${regexExpression(pattern, "")}`);
  const args = assertion.args ? valueLiteral(assertion.args) : "undefined";
  const name = `call.name === ${stringLiteral(assertion.tool)}`;
  if (!assertion.args && patterns.length === 0) return `(call) => ${name}`;
  return `(call) => ${name} && argsMatch(call, ${args}${patterns.length > 0 ? `, { ${patterns.join(", ")} }` : ""})`;
}

function assertionLines(plan: EjectPlan, test: GraphTest, assertion: Assertion): string {
  const turn = `turn${assertion.turn ?? test.turns.length}`;
  switch (assertion.kind) {
    case "reply_contains":
      return check(`${turn}.reply?.includes(${stringLiteral(assertion.text)})`, assertion, `(${turn}.reply ?? "(no reply)")`);
    case "reply_matches":
      return check(`${regexExpression(assertion.pattern, assertion.flags ?? "")}.test(${turn}.reply ?? "")`, assertion, `(${turn}.reply ?? "(no reply)")`);
    case "tool_called":
      return check(`${turn}.toolCalls.some(${argsMatchExpression(assertion)})`, assertion, `callsText(${turn}.toolCalls)`);
    case "tool_not_called":
      return check(`!${turn}.toolCalls.some(${argsMatchExpression(assertion)})`, assertion, `callsText(${turn}.toolCalls)`);
    case "route":
      return check(`${turn}.routes.includes(${stringLiteral(assertion.route)})`, assertion, `(${turn}.routes.join(", ") || "(no route selected)")`);
    case "state": {
      // CEL over the state after the turn, as the graph's test runner evaluates it.
      const sent = test.turns[(assertion.turn ?? test.turns.length) - 1];
      const input = sent && "message" in sent ? sent.message : "";
      const scope = `{ state: ${turn}.state, input: ${stringLiteral(input)}, results: ${turn}.state.results ?? {} }`;
      return check(
        `${turn}.state !== null && cel(${stringLiteral(assertion.expression)}, ${scope}, "the test's state assertion") === true`,
        assertion,
        `JSON.stringify(${turn}.state, (key, value: unknown) => (key === "messages" ? undefined : value))`,
      );
    }
    default: {
      const never: never = assertion;
      throw new Error(`Unknown assertion ${String((never as Assertion).kind)}`);
    }
  }
}

function testBlock(plan: EjectPlan, test: GraphTest): string {
  const lines: string[] = [];
  let options = "checkpointer: new MemorySaver(), store: new InMemoryStore()";
  if (test.mode === "replay") {
    const replies = test.recording?.replies ?? {};
    lines.push(`const recording: Record<string, RecordedReply[]> = ${valueLiteral(replies)};`);
    options += ", model: (agent) => new ReplayChatModel(agent, recording[agent] ?? [])";
  } else if (test.mode === "scripted" && plan.agents.some((a) => a.profile.provider !== "scripted")) {
    lines.push(todo(plan, { name: test.name, reason: "this scripted test runs agents whose profile is a provider: it calls that provider", file: TESTS_PATH }));
  }
  if (plan.hasBackgroundTasks) {
    lines.push("const tasks = new BackgroundTasks();");
    options += ", tasks";
  }
  lines.push(`const graph = createGraph({ ${options} });`);
  const followUps = plan.hasBackgroundTasks ? ", () => tasks.followUps()" : "";
  for (const [i, turn] of test.turns.entries()) {
    if ("message" in turn)
      lines.push(`const turn${i + 1} = await playTurn(graph, ${stringLiteral(`test-${test.id}`)}, ${stringLiteral(turn.message)}${followUps});`);
    else lines.push(`const turn${i + 1} = await playTurn(graph, ${stringLiteral(`test-${test.id}`)}, { resume: ${valueLiteral(turn.resume)} }${followUps});`);
  }
  for (const assertion of test.assertions) lines.push(assertionLines(plan, test, assertion));
  return `test(${stringLiteral(test.name)}, async () => {\n${lines.join("\n")}\n});`;
}

export function testsFile(plan: EjectPlan): string {
  const tests = plan.document.tests.map((test) => testBlock(plan, test));
  const replay = plan.document.tests.some((t) => t.mode === "replay");
  const usesCel = plan.document.tests.some((t) => t.assertions.some((a) => a.kind === "state"));
  const names = ["argsMatch", "callsText", "playTurn", ...(replay ? ["ReplayChatModel", "type RecordedReply"] : [])];
  // MCP sessions stay open for the graph's calls: they are ended once the tests are done, so the process exits.
  const mcp = plan.document.tools.some((t) => t.kind === "mcp");
  return `/** The graph's own tests, as drawn: each plays its conversation on a fresh thread and checks what the graph did. */
import assert from "node:assert/strict";
import { ${mcp ? "after, " : ""}test } from "node:test";
import { InMemoryStore, MemorySaver } from "@langchain/langgraph";
${plan.hasBackgroundTasks ? 'import { BackgroundTasks } from "../src/backgroundTasks.js";\n' : ""}${usesCel ? 'import { cel } from "../src/cel.js";\n' : ""}import { createGraph } from "../src/graph.js";
${mcp ? 'import { closeMcpSessions } from "../src/mcp.js";\n' : ""}import { ${names.join(", ")} } from "./support.js";
${mcp ? "\nafter(closeMcpSessions);\n" : ""}
${tests.length > 0 ? tests.join("\n\n") : 'test("the graph compiles", () => {\n  assert.ok(createGraph());\n});'}
`;
}
