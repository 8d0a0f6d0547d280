// Root component: the workspace shell. Stores and providers are added here as they arrive.
import { AppShell } from "./shell/AppShell";

export function App() {
  return <AppShell />;
}
