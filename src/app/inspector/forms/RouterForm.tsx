// Inspector form of a Router node: the text it routes on, its routes (each a branch, plus
// Default) and its ordered rules (gate rules first, then the rest; first match wins).
import { ROUTER_DEFAULT, type Route, type RouterRule } from "../../../schema/index.js";
import { OrderedList } from "../fields/OrderedList";
import { TextField } from "../fields/TextField";
import { freshName } from "../graph/useGraphUpdate";
import { PlaceholderHint } from "./PlaceholderHint";
import { RouterRuleFields } from "./RouterRuleFields";
import type { NodeFormProps } from "./types";
import { useBranchUpdate } from "./useBranchUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

export function RouterForm({ node }: NodeFormProps<"router">) {
  const update = useBranchUpdate(node);
  const { data } = node;
  const routeOptions = [...data.routes.map((r) => ({ value: r.id, label: r.label ?? r.id })), { value: ROUTER_DEFAULT, label: "Default" }];
  // Renaming a route carries its rules (and, through useBranchUpdate, its edges) along.
  const renameRoute = (index: number, id: string) => {
    const old = data.routes[index]?.id;
    if (!old || id === old || id === ROUTER_DEFAULT || !/^[A-Za-z0-9_-]+$/.test(id) || data.routes.some((r) => r.id === id)) return;
    update({
      routes: data.routes.map((r, i) => (i === index ? { ...r, id } : r)),
      rules: data.rules.map((rule) => (rule.route === old ? { ...rule, route: id } : rule)),
    });
  };
  return (
    <>
      <NameField value={data.name} update={update} />
      <TextField
        label="Input"
        value={data.input}
        onCommit={(input) => update({ input })}
        hint={(text) => <PlaceholderHint text={text} roots="state, input, results" />}
      />
      <OrderedList<Route>
        title="Routes"
        noun="route"
        items={data.routes}
        onChange={(routes) => update({ routes })}
        create={(routes) => ({ id: freshName("route", [...routes.map((r) => r.id), ROUTER_DEFAULT]), description: "" })}
        legend={(r) => `Route ${r.id}`}
        empty="No routes: every turn takes Default."
      >
        {(route, patch, i) => (
          <>
            <TextField
              label="Route id"
              value={route.id}
              mono
              onCommit={(text) => renameRoute(i, text.trim())}
              hint="Also the branch's handle id (not “default”)."
            />
            <TextField label="Label" value={route.label ?? ""} placeholder={route.id} onCommit={(label) => patch({ label: label.trim() || undefined })} />
            <TextField label="Description" value={route.description} onCommit={(description) => patch({ description })} />
          </>
        )}
      </OrderedList>
      <OrderedList<RouterRule>
        title="Rules"
        noun="rule"
        ordered
        items={data.rules}
        onChange={(rules) => update({ rules })}
        create={(rules) => ({
          id: freshName(
            "rule",
            rules.map((r) => r.id),
          ),
          route: data.routes[0]?.id ?? ROUTER_DEFAULT,
          match: "keyword",
          keywords: [],
          flags: "i",
          gate: false,
          description: "",
        })}
        legend={(r) => `Rule ${r.id}${r.gate ? " (gate)" : ""}`}
        empty="No rules: every turn takes Default."
      >
        {(rule, patch) => <RouterRuleFields rule={rule} routes={routeOptions} patch={patch} />}
      </OrderedList>
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
