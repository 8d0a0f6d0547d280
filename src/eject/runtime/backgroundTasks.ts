/** The generated project's background tasks (src/backgroundTasks.ts): non-blocking delegation and its follow-up turns. */
export const BACKGROUND_TASKS_SOURCE = `/**
 * Sub-agents working in the background (a delegation with blocking=false): the call returns a task
 * handle at once, and once the task settles a follow-up turn tells the agent that queued it how
 * it went, so it can report to the user. Whoever drives the graph sends that turn (\`followUps\`).
 */
export interface BackgroundTask {
  id: string;
  agent: string;
  message: string;
  status: "running" | "completed" | "failed";
  result?: string;
  error?: string;
}

export class BackgroundTasks {
  private readonly tasks: { task: BackgroundTask; done: Promise<void>; reported: boolean }[] = [];

  /** Starts \`run\` in the background and returns its task at once. */
  start(agent: string, message: string, run: () => Promise<string>): BackgroundTask {
    const task: BackgroundTask = { id: \`task_\${this.tasks.length + 1}\`, agent, message, status: "running" };
    const done = run().then(
      (result) => {
        task.status = "completed";
        task.result = result;
      },
      (error: unknown) => {
        task.status = "failed";
        task.error = error instanceof Error ? error.message : String(error);
      },
    );
    this.tasks.push({ task, done, reported: false });
    return task;
  }

  /** Waits for the running tasks, then returns the follow-up message of each one not reported yet. */
  async followUps(): Promise<string[]> {
    await Promise.all(this.tasks.map((entry) => entry.done));
    const settled = this.tasks.filter((entry) => !entry.reported);
    for (const entry of settled) entry.reported = true;
    return settled.map((entry) => followUpMessage(entry.task));
  }
}

/** The message of a follow-up turn: what the sub-agent was asked and how it ended. */
export function followUpMessage(task: BackgroundTask): string {
  const head = \`[Background task \${task.id}] \${task.agent} \${task.status === "completed" ? "finished" : "failed"} the task "\${task.message}".\`;
  const body = task.status === "completed" ? \`Result:\\n\${task.result ?? ""}\` : \`Error: \${task.error ?? "unknown error"}\`;
  return \`\${head}\\n\${body}\\nReport this to the user.\`;
}
`;
