// Browser entry: makes the page's playground store (threads and runs; the engine worker starts
// only on the first run) and mounts the Graphwright app into index.html's #root.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { appEngine } from "./app/services/engineClient";
import { appWorkspace } from "./app/services/workspace";
import { createPlaygroundController } from "./app/store/playground/playgroundController";
import { createPlaygroundStore } from "./app/store/playground/playgroundStore";
import { appThemeStore } from "./app/shell/theme/themeStore";
import "./index.css";

const container = document.getElementById("root");
if (!container) {
  throw new Error('Graphwright cannot start: index.html has no element with id "root".');
}

// The theme index.html applied before first paint now follows the theme switch and the system scheme.
appThemeStore();

// Made once, outside React: StrictMode would otherwise make two, each listening for background runs.
const playground = createPlaygroundStore({ controller: createPlaygroundController({ workspace: appWorkspace(), engine: appEngine() }) });

createRoot(container).render(
  <StrictMode>
    <App playground={playground} />
  </StrictMode>,
);
