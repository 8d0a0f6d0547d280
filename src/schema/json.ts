/** Arbitrary JSON, as one schema instance shared by every module (the JSON Schema names it `JsonValue`). */
import { z } from "zod";

/** Arbitrary JSON (tool args, defaults, schemas, approval payloads). */
export const jsonValue = z.json();
