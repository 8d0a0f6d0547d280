/**
 * The templates the app offers: golden documents from examples/ (which the tests also run)
 * with the messages that show each one off. Templates that carry a knowledge base's text are
 * kept out of the app's first load: the dialog lists them from their title and description,
 * and their document is fetched when one is opened (`loadTemplate`).
 */
import mainAgentTeam from "../../../examples/main-agent-team.json";
import numberCruncher from "../../../examples/number-cruncher.json";
import personalAssistant from "../../../examples/personal-assistant.json";
import routedSupport from "../../../examples/routed-support.json";
import sageLoop from "../../../examples/sage-loop.json";
import supervisorTeam from "../../../examples/supervisor-team.json";
import weatherAssistant from "../../../examples/weather-assistant.json";

/** A message worth sending to a template, and the tools its answer calls. */
export interface ShowcaseMessage {
  message: string;
  /** Tool names the run calls, in any order; empty for plain replies. */
  tools: readonly string[];
}

export interface Template {
  /** The example's `meta.id`; also the graph id of the copy opened on first run. */
  id: string;
  /** Button name in the Templates dialog (ui-contract.md): the example's `meta.name`. */
  title: string;
  description: string;
  /** A greeting first, then questions that call tools. */
  showcase: readonly ShowcaseMessage[];
  /** The raw JSON document; validated when the template is opened. Undefined until `loadTemplate` for a template with `load`. */
  source: unknown;
  /** Fetches the document of a template kept out of the first load (a chunk of its own). */
  load?: () => Promise<unknown>;
}

interface RawExample {
  meta: { id: string; name: string; description?: string };
}

function template(source: RawExample, showcase: ShowcaseMessage[]): Template {
  return { id: source.meta.id, title: source.meta.name, description: source.meta.description ?? "", showcase, source };
}

/** A template whose document (with a knowledge base's packed text) loads only when it is opened. */
function lazyTemplate(meta: RawExample["meta"], showcase: ShowcaseMessage[], load: () => Promise<{ default: unknown }>): Template {
  return { id: meta.id, title: meta.name, description: meta.description ?? "", showcase, source: undefined, load: async () => (await load()).default };
}

/** Every template, in the order the dialog lists them; the first opens on first run. */
export const templates: readonly Template[] = [
  template(weatherAssistant, [
    { message: "hello", tools: [] },
    { message: "What's the weather in Paris?", tools: ["get_weather"] },
    { message: "What is 12 * (3 + 4)?", tools: ["calculator"] },
    { message: "What can you do?", tools: ["list_tools_available"] },
  ]),
  template(supervisorTeam, [
    { message: "hello", tools: [] },
    { message: "What was revenue last month?", tools: ["transfer_to_Analytics", "query_metrics"] },
    { message: "Write a weekly report", tools: ["transfer_to_Report", "query_metrics", "create_report"] },
    { message: "@Analytics how many active users do we have?", tools: ["query_metrics"] },
  ]),
  template(mainAgentTeam, [
    { message: "hello", tools: [] },
    { message: "Any unread emails?", tools: ["EmailsAgent", "search_emails"] },
    { message: "What's on my calendar today?", tools: ["MeetingsAgent", "list_meetings"] },
    { message: "Research Acme's latest news", tools: ["ResearchAgent"] },
    { message: "Should I renew the Acme contract?", tools: ["jedi_council"] },
    { message: "@TasksAgent remind me to call Dana", tools: ["create_task"] },
  ]),
  template(routedSupport, [
    { message: "hello", tools: [] },
    { message: "I was charged twice, can I get a refund?", tools: ["lookup_invoice", "issue_refund"] },
    { message: "Where is my order 1234?", tools: ["answer_grounded_lookup"] },
    { message: "How do I return an item?", tools: ["answer_grounded_lookup"] },
    { message: "I can't go on. I'm in the UK", tools: ["lookup_crisis_resources"] },
  ]),
  template(personalAssistant, [
    { message: "hello", tools: [] },
    { message: "Plan my day", tools: ["submit_plan", "list_events", "list_tasks", "get_weather"] },
    { message: "Schedule a design sync with ada@example.com", tools: ["submit_plan", "create_event", "send_invite"] },
    { message: "Remind me to renew my passport", tools: ["submit_plan", "create_task"] },
  ]),
  template(sageLoop, [
    { message: "hello", tools: [] },
    { message: "Plan a team offsite", tools: ["run_step"] },
    { message: "Do the impossible", tools: ["run_step"] },
  ]),
  lazyTemplate(
    {
      id: "support-desk",
      name: "Support desk with a policy knowledge base and memory",
      description:
        "A support agent that hands policy questions to PolicyAgent, a sub-agent that answers from the shop's knowledge base (returns, shipping and warranty files, searched with search_policies; each answer names its source file), and that remembers the customer's preferences across conversations (remember / recall). Runs offline on the scripted model.",
    },
    [
      { message: "hello", tools: [] },
      { message: "How long do I have to return an item?", tools: ["PolicyAgent", "search_policies"] },
      { message: "Do you ship to Canada?", tools: ["PolicyAgent", "search_policies"] },
      { message: "What does the warranty cover?", tools: ["PolicyAgent", "search_policies"] },
      { message: "Remember that I prefer email updates", tools: ["remember"] },
      { message: "What do you remember about me?", tools: ["recall"] },
    ],
    () => import("../../../examples/support-desk.json"),
  ),
  template(numberCruncher, [
    { message: "hello", tools: [] },
    { message: "Summarize 3 1 4 1 5 9 2 6", tools: ["summarize_numbers"] },
    { message: "Stats for 2.5, 10, -4", tools: ["summarize_numbers"] },
  ]),
];

export function findTemplate(id: string): Template | undefined {
  return templates.find((t) => t.id === id);
}

/**
 * The template with its document at hand: fetched for one kept out of the first load, as is otherwise.
 * @example const document = templateDocument(await loadTemplate(findTemplate("support-desk")!));
 */
export async function loadTemplate(template: Template): Promise<Template> {
  if (template.source !== undefined || !template.load) return template;
  return { ...template, source: await template.load() };
}
