// Each provider's tree gets its own playground store (server rendering in Node: no DOM needed).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createPlaygroundStore } from "./playgroundStore";
import { PlaygroundStoreProvider, usePlaygroundStore } from "./PlaygroundStoreProvider";
import { statusText } from "./selectors";
import { memoryController } from "./testing/memoryController";
import type { PlaygroundStore } from "./types";

// Reads the store imperatively: server rendering shows a subscribed hook the store's initial state.
function Status() {
  return createElement("p", null, statusText(usePlaygroundStore().getState().run));
}

const inside = (store: PlaygroundStore) => renderToStaticMarkup(createElement(PlaygroundStoreProvider, { store, children: createElement(Status) }));

describe("PlaygroundStoreProvider", () => {
  it("gives each tree the store of its own provider", () => {
    const idle = createPlaygroundStore({ controller: memoryController() });
    const failed = createPlaygroundStore({ controller: memoryController() });
    failed.setState({ run: { state: "error", message: "No key" } });
    expect(inside(idle)).toBe("<p>Idle</p>");
    expect(inside(failed)).toBe("<p>Error: No key</p>");
  });

  it("names the missing provider when a hook is used outside one", () => {
    expect(() => renderToStaticMarkup(createElement(Status))).toThrow(/inside <PlaygroundStoreProvider>/);
  });
});
