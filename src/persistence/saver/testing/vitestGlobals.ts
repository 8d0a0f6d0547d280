/**
 * LangGraph's checkpoint validation suite calls `describe`, `it` and `expect` as
 * globals (`globals: true`). Importing this module first gives exactly the test
 * file that imports it those globals, without turning them on for every test.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test, vi } from "vitest";

Object.assign(globalThis, { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, test, vi });
