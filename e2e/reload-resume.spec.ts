// Issue 12, finding 8: a reload during a run. The message is shown and stored at once, and the
// cut turn resumes from its checkpoint when the thread opens again: answered once, nothing lost
// or duplicated. The Weather template runs on its scripted model, slowed so a reload lands mid-run.
import { expect, test } from "./fixtures";
import type { CanvasPage } from "./pages/CanvasPage";
import type { PlaygroundPage } from "./pages/PlaygroundPage";

test.describe.configure({ timeout: 120_000 });

const QUESTION = "What's the weather in Paris?";
const NEXT = "And in Oslo?";

/** The Weather template's model, slowed to a few tokens a second. */
async function slowModel(editor: CanvasPage, tokensPerSecond: number): Promise<void> {
  await editor.node("Assistant").click();
  const field = editor.field("Tokens per second");
  await field.fill(String(tokensPerSecond));
  await field.press("Tab");
}

async function expectOneAnsweredTurn(playground: PlaygroundPage): Promise<void> {
  // The page opens Idle; the resumed run then shows as Running until it has answered.
  await expect(playground.article("Assistant: Right now:")).toBeVisible({ timeout: 60_000 });
  await expect(playground.status).toHaveText("Idle", { timeout: 30_000 });
  await expect(playground.article(`User: ${QUESTION}`)).toHaveCount(1);
  await expect(playground.article("Assistant: Right now:")).toHaveCount(1);
  await expect(playground.region.getByRole("button", { name: "Retry", exact: true })).toHaveCount(0);
}

test("a run cut by a reload mid-answer resumes from its checkpoint and answers once; the next message, typed meanwhile, stays in the box", async ({
  app,
  controls,
  editor,
  playground,
}) => {
  await app.goto();
  // Slow enough that the run still goes on after the next question is typed and Enter pressed:
  // at 8 tokens a second the rest of the answer took about 1.5 s, and a busy CI machine spent
  // longer than that on the two steps, so the run had ended and Enter sent the next question.
  await slowModel(editor, 2);
  await expect(controls.saved).toBeVisible();
  await playground.send(QUESTION);
  await expect(playground.article(`User: ${QUESTION}`)).toBeVisible();
  // The model's first words are streaming: the run is past its first checkpoints.
  await expect(playground.article("Assistant: Let me")).toBeVisible({ timeout: 30_000 });
  await expect(playground.status).toHaveText("Running");
  // The next question, typed while the run goes on (Enter does nothing then), is not lost by the reload.
  await playground.message.fill(NEXT);
  await playground.message.press("Enter");
  await expect(playground.message).toHaveValue(NEXT);
  await app.page.reload();
  await expect(playground.message).toHaveValue(NEXT);
  await expectOneAnsweredTurn(playground);
  await expect(playground.article(`User: ${NEXT}`)).toHaveCount(0);
  // Stored as shown: a second reload shows the same single turn.
  await app.page.reload();
  await expectOneAnsweredTurn(playground);
});

test("a message sent just before a reload is kept and answered", async ({ app, controls, editor, playground }) => {
  await app.goto();
  await slowModel(editor, 3);
  await expect(controls.saved).toBeVisible();
  await playground.send(QUESTION);
  await expect(playground.article(`User: ${QUESTION}`)).toBeVisible();
  await app.page.reload();
  await expectOneAnsweredTurn(playground);
  // Sent, so not offered a second time.
  await expect(playground.message).toHaveValue("");
});
