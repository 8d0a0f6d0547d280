// Root component: creates the editor store for the open graph and provides it to the shell.
import { useState } from "react";
import { createEditorStore } from "./store/editorStore";
import { EditorProvider } from "./store/EditorProvider";
import { blankDocument } from "./store/nodeFactory";
import { AppShell } from "./shell/AppShell";

export function App() {
  const [store] = useState(() => createEditorStore(blankDocument("untitled")));
  return (
    <EditorProvider store={store}>
      <AppShell />
    </EditorProvider>
  );
}
