/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const page = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
/** The e2e build adds test harness pages (real IndexedDB smoke); production builds never ship them. */
const harness: Record<string, string> = process.env.GRAPHWRIGHT_E2E_HARNESS === "1" ? { persistence: page("./e2e/harness/persistence.html") } : {};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: { target: "es2022", sourcemap: true, rolldownOptions: { input: { main: page("./index.html"), ...harness } } },
  worker: { format: "es" },
  test: {
    include: ["src/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    pool: "threads",
  },
});
