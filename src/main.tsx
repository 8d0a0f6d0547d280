// Browser entry: mounts the Graphwright app into index.html's #root.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import "./index.css";

const container = document.getElementById("root");
if (!container) {
  throw new Error('Graphwright cannot start: index.html has no element with id "root".');
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
