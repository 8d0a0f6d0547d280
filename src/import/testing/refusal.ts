/** Test helper: the ImportError a call throws; any other outcome fails the test. */
import { ImportError } from "../errors.js";

/**
 * @example expect(refusal(() => readForeignText("")).code).toBe("EMPTY");
 */
export function refusal(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error("expected an ImportError");
}
