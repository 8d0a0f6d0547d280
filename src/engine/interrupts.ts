/**
 * The interrupt payloads and answers of paused runs. They are a plain-JSON contract shared
 * with the app (which must not load the engine on the main thread), so they live in the schema.
 */
export * from "../schema/interrupts.js";
