/**
 * The A2A agent card of a published graph, in the two shapes the protocol has: the A2A v0.3 JSON
 * card served at `/.well-known/agent-card.json?assistant_id=<id>` (what LangGraph Agent Server
 * serves and v0.3 clients read), and the v1 card the SDK's request handler checks capabilities
 * against. Both come from the one description below, so they cannot disagree.
 */
import type { AgentCard } from "@a2a-js/sdk";
import type { GraphDocument } from "../../schema/index.js";

/** The header the runtime server reads its API key from (as LangGraph clients send it). */
export const API_KEY_HEADER = "x-api-key";

/** What a card says about one published graph. */
export interface CardSubject {
  assistantId: string;
  /** The assistant's version on the server. */
  version: number;
  document: GraphDocument;
  /** The JSON-RPC endpoint, `<server>/a2a/<assistant id>`. */
  endpoint: string;
  /** Whether the server asks for its API key (then the card says how to send it). */
  requiresKey: boolean;
}

function skill(subject: CardSubject) {
  const { meta } = subject.document;
  return {
    id: meta.id,
    name: meta.name,
    description: meta.description || meta.name,
    tags: meta.tags ?? [],
    examples: meta.examples ?? [],
  };
}

const MODES = ["text/plain", "application/json"];

/**
 * The A2A v0.3 agent card: one skill (the graph), JSON-RPC at `endpoint`, streaming on, and the
 * API key scheme when the server asks for one.
 * @example legacyAgentCard(subject).url // "http://127.0.0.1:8123/a2a/<assistant id>"
 */
export function legacyAgentCard(subject: CardSubject): Record<string, unknown> {
  const { meta } = subject.document;
  return {
    protocolVersion: "0.3.0",
    name: meta.name,
    description: meta.description || meta.name,
    url: subject.endpoint,
    preferredTransport: "JSONRPC",
    additionalInterfaces: [{ url: subject.endpoint, transport: "JSONRPC" }],
    version: String(subject.version),
    capabilities: { streaming: true, pushNotifications: false, stateTransitionHistory: false },
    defaultInputModes: MODES,
    defaultOutputModes: ["text/plain"],
    skills: [skill(subject)],
    ...(subject.requiresKey ? { securitySchemes: { apiKey: { type: "apiKey", in: "header", name: API_KEY_HEADER } }, security: [{ apiKey: [] }] } : {}),
  };
}

/**
 * The same card as the SDK's request handler reads it (A2A v1 shape, interface marked v0.3).
 * @example agentCard(subject).capabilities?.streaming // true
 */
export function agentCard(subject: CardSubject): AgentCard {
  const { meta } = subject.document;
  const described = skill(subject);
  return {
    name: meta.name,
    description: meta.description || meta.name,
    supportedInterfaces: [{ url: subject.endpoint, protocolBinding: "JSONRPC", tenant: "", protocolVersion: "0.3" }],
    provider: undefined,
    version: String(subject.version),
    capabilities: { streaming: true, pushNotifications: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: MODES,
    defaultOutputModes: ["text/plain"],
    skills: [{ ...described, inputModes: MODES, outputModes: ["text/plain"], securityRequirements: [] }],
    signatures: [],
  };
}
