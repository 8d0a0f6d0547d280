/**
 * The knowledge worker's embedders: a base's embeddings profile as the engine worker runs it
 * (the OpenAI base URL from settings applied), with the key its provider's settings allow for
 * the profile's host — the same key scoping chat models get. Loaded only when a base embeds.
 */
import { createEmbedder, type Embedder } from "../models/index.js";
import type { ModelProfile } from "../schema/index.js";
import { keySource, readCredentials, withProfileDefaults, type CredentialStore } from "./providerKeys";

/**
 * @example const embedder = await workerEmbedder(workspace, profile); await embedder.embed(["…"], signal);
 */
export async function workerEmbedder(store: CredentialStore, profile: ModelProfile): Promise<Embedder> {
  const credentials = await readCredentials(store);
  // Indexing many chunks may meet a rate limit or a passing server error: a couple of retries.
  return createEmbedder(withProfileDefaults(profile, credentials), keySource(credentials), { retries: 2 });
}
