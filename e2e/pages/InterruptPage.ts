// Page object for the interrupt card under the chat: an approval (Approve / Reject / Edit
// with edited arguments and a reason) or a question (one button per option label).
import type { Locator, Page } from "@playwright/test";

export class InterruptPage {
  readonly approval: Locator;
  readonly question: Locator;
  readonly approveButton: Locator;
  readonly rejectButton: Locator;
  readonly editButton: Locator;
  readonly approveEditedButton: Locator;
  readonly editedArguments: Locator;
  readonly reason: Locator;
  /** Why the arguments or the last answer were refused. */
  readonly problem: Locator;

  constructor(readonly page: Page) {
    const playground = page.getByRole("region", { name: "Playground", exact: true });
    this.approval = playground.getByRole("region", { name: "Approval needed", exact: true });
    this.question = playground.getByRole("region", { name: "Question", exact: true });
    this.approveButton = this.approval.getByRole("button", { name: "Approve", exact: true });
    this.rejectButton = this.approval.getByRole("button", { name: "Reject", exact: true });
    this.editButton = this.approval.getByRole("button", { name: "Edit", exact: true });
    this.approveEditedButton = this.approval.getByRole("button", { name: "Approve edited", exact: true });
    this.editedArguments = this.approval.getByRole("textbox", { name: "Edited arguments", exact: true });
    this.reason = this.approval.getByRole("textbox", { name: "Reason", exact: true });
    this.problem = playground.getByRole("alert");
  }

  /** The button of one question option, by its label. */
  option(label: string): Locator {
    return this.question.getByRole("button", { name: label, exact: true });
  }

  /** Rejects the pending approval, with an optional reason. */
  async reject(reason = ""): Promise<void> {
    if (reason) await this.reason.fill(reason);
    await this.rejectButton.click();
  }

  /** Edits the pending call's arguments (JSON) and approves them. */
  async approveWith(args: Record<string, unknown>): Promise<void> {
    await this.editButton.click();
    await this.editedArguments.fill(JSON.stringify(args));
    await this.approveEditedButton.click();
  }
}
