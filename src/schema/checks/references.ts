/** References by id or name — models, tools, conditions — point at things the document defines. */
import { quote } from "../describe.js";
import type { ValidationIssue } from "../issues.js";
import { type Arc, findCycles } from "./cycles.js";
import { type GraphIndex, issueAt, sentenceLabel } from "./graphIndex.js";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CEL_LITERALS: ReadonlySet<string> = new Set(["true", "false"]);

function known(ids: ReadonlySet<string>, word: string): string {
  if (ids.size === 0) return `the document defines no ${word}s`;
  const list = [...ids].slice(0, 10).map((id) => quote(id));
  return `known ${word}s: ${list.join(", ")}${ids.size > 10 ? ", …" : ""}`;
}

export function checkModelReferences({ doc, modelIds }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.nodes.forEach((node, i) => {
    if ((node.kind === "agent" || node.kind === "llm") && !modelIds.has(node.data.model)) {
      issues.push(
        issueAt(
          "MISSING_MODEL",
          ["nodes", i, "data", "model"],
          `${sentenceLabel(node)} uses model profile ${quote(node.data.model)}, which does not exist; ${known(modelIds, "model profile")}`,
          node,
        ),
      );
    }
  });
  doc.models.forEach((profile, i) => {
    profile.fallbacks.forEach((fallback, j) => {
      if (fallback === profile.id) {
        issues.push(issueAt("FALLBACK_CYCLE", ["models", i, "fallbacks", j], `Model profile ${quote(profile.id)} lists itself as a fallback`));
      } else if (!modelIds.has(fallback)) {
        issues.push(
          issueAt(
            "MISSING_MODEL",
            ["models", i, "fallbacks", j],
            `Model profile ${quote(profile.id)} falls back to ${quote(fallback)}, which does not exist; ${known(modelIds, "model profile")}`,
          ),
        );
      }
    });
  });
  return [...issues, ...fallbackCycles({ doc, modelIds })];
}

/** Profiles that fall back to each other in a circle would retry forever. Self-references are reported above. */
function fallbackCycles({ doc, modelIds }: Pick<GraphIndex, "doc" | "modelIds">): ValidationIssue[] {
  const arcs = new Map<string, Arc<[number, number]>[]>();
  const firstIndex = new Map<string, number>();
  doc.models.forEach((profile, i) => {
    if (firstIndex.has(profile.id)) return;
    firstIndex.set(profile.id, i);
    const out = profile.fallbacks.flatMap((to, j) => (to !== profile.id && modelIds.has(to) ? [{ to, ref: [i, j] as [number, number] }] : []));
    arcs.set(profile.id, out);
  });
  return findCycles([...firstIndex.keys()], arcs).map(({ vertices, closedBy: [i, j] }) =>
    issueAt("FALLBACK_CYCLE", ["models", i, "fallbacks", j], `Model profiles fall back in a circle: ${vertices.join(" → ")}`),
  );
}

export function checkToolReferences({ doc, toolIds }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.nodes.forEach((node, i) => {
    if (node.kind === "agent") {
      node.data.tools.forEach((toolId, j) => {
        if (toolIds.has(toolId)) return;
        issues.push(
          issueAt(
            "MISSING_TOOL",
            ["nodes", i, "data", "tools", j],
            `${sentenceLabel(node)} uses tool ${quote(toolId)}, which is not in the tool catalog; ${known(toolIds, "tool")}`,
            node,
          ),
        );
      });
    } else if (node.kind === "tool" && !toolIds.has(node.data.tool)) {
      issues.push(
        issueAt(
          "MISSING_TOOL",
          ["nodes", i, "data", "tool"],
          `${sentenceLabel(node)} runs tool ${quote(node.data.tool)}, which is not in the tool catalog; ${known(toolIds, "tool")}`,
          node,
        ),
      );
    }
  });
  return issues;
}

/** Why an embeddings profile reference cannot be used, if it cannot: it is missing, or not OpenAI-compatible. */
function embeddingProfileProblem(
  doc: GraphIndex["doc"],
  modelIds: ReadonlySet<string>,
  profileId: string | undefined,
): { code: "MISSING_MODEL" | "INVALID_EMBEDDING_PROFILE"; text: string } | undefined {
  if (profileId === undefined) return undefined;
  const profile = doc.models.find((m) => m.id === profileId);
  if (!profile || !modelIds.has(profileId)) {
    return { code: "MISSING_MODEL", text: `model profile ${quote(profileId)}, which does not exist; ${known(modelIds, "model profile")}` };
  }
  if (profile.provider === "openai") return undefined;
  return {
    code: "INVALID_EMBEDDING_PROFILE",
    text: `model profile ${quote(profileId)}, a ${profile.provider} profile; embeddings need an OpenAI-compatible profile (provider "openai", its model an embeddings model)`,
  };
}

/** Long-term memory's embeddings profile (`settings.memory_embedding_profile`) is an OpenAI-compatible profile of the graph. */
export function checkMemoryEmbeddingReference({ doc, modelIds }: GraphIndex): ValidationIssue[] {
  const problem = embeddingProfileProblem(doc, modelIds, doc.settings?.memory_embedding_profile);
  if (!problem) return [];
  return [issueAt(problem.code, ["settings", "memory_embedding_profile"], `Long-term memory embeds with ${problem.text}`)];
}

/**
 * An agent's knowledge bases exist, no two bases share a name (their search tools would clash),
 * and a base's embeddings profile is an OpenAI-compatible profile of the graph.
 */
export function checkKnowledgeReferences({ doc, modelIds }: GraphIndex): ValidationIssue[] {
  const bases = doc.knowledge_bases ?? [];
  const ids = new Set(bases.map((b) => b.id));
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  bases.forEach((base, i) => {
    if (seen.has(base.name)) {
      issues.push(
        issueAt("DUPLICATE_NAME", ["knowledge_bases", i, "name"], `Two knowledge bases are named ${quote(base.name)}; their search tools would share a name`),
      );
    }
    seen.add(base.name);
    const problem = embeddingProfileProblem(doc, modelIds, base.embedding_profile);
    if (problem) {
      const path = ["knowledge_bases", i, "embedding_profile"];
      issues.push(issueAt(problem.code, path, `Knowledge base ${quote(base.name)} embeds with ${problem.text}`));
    }
  });
  doc.nodes.forEach((node, i) => {
    if (node.kind !== "agent") return;
    (node.data.knowledge_bases ?? []).forEach((baseId, j) => {
      if (ids.has(baseId)) return;
      issues.push(
        issueAt(
          "MISSING_KNOWLEDGE_BASE",
          ["nodes", i, "data", "knowledge_bases", j],
          `${sentenceLabel(node)} searches knowledge base ${quote(baseId)}, which the graph does not define; ${known(ids, "knowledge base")}`,
          node,
        ),
      );
    });
  });
  return issues;
}

/**
 * A bare identifier in a condition can only mean a registered condition (a CEL expression over
 * `state`, `input`, … always has more to it), so an unknown one is a typo or a missing entry.
 */
export function checkConditionReferences({ doc, conditionNames }: GraphIndex): ValidationIssue[] {
  return doc.edges.flatMap((edge, i) => {
    if (edge.kind !== "conditional") return [];
    const condition = edge.condition.trim();
    if (!IDENTIFIER.test(condition) || CEL_LITERALS.has(condition) || conditionNames.has(condition)) return [];
    return [
      issueAt(
        "MISSING_CONDITION",
        ["edges", i, "condition"],
        `Edge ${quote(edge.id)} uses condition ${quote(condition)}, which is not a registered condition; add it to conditions or write a CEL expression such as state.done == true`,
      ),
    ];
  });
}
