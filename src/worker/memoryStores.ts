/**
 * Which long-term memory store a graph uses in the worker. A graph whose settings name an
 * embeddings profile (`memory_embedding_profile`) gets the app's IdbStore with a vector index on
 * `content`, so `recall` ranks by meaning and the Memory panel's edits are embedded again; any
 * other graph gets the plain store. Both share one database, so they hold the same memories.
 *
 * The index is sized by the model's first answer, so it opens on the first operation that
 * embeds; operations that embed nothing (listing, reading, deleting) never call the model. The
 * model's signature (`model @ endpoint`) is stored with each vector: after the profile changes
 * model or endpoint, older memories count as not embedded (listed after the ranked ones) until
 * they are saved again or re-embedded (`reembed`, the Memory panel's Re-embed memories). Keys are read per call from the chat models' key source and are kept
 * nowhere: not in IndexedDB, events or logs.
 */
import { BaseStore, type Operation, type OperationResults } from "@langchain/langgraph-checkpoint";
import { MEMORY_INDEX_FIELDS } from "../engine/multiagent/memoryTools.js";
import { EmbedderEmbeddings, memoryEmbedder } from "../models/memoryEmbeddings.js";
import type { KeySource } from "../models/providerModel.js";
import { PersistenceError } from "../persistence/errors.js";
import { IdbStore } from "../persistence/store/IdbStore.js";
import { embeddedItems, reembedItems, type ReembedOptions, type ReembedOutcome } from "../persistence/store/reembedItems.js";
import type { IndexConfig } from "../persistence/store/vectorIndex.js";
import type { GraphDocument } from "../schema/index.js";
import { keySource, readCredentials, withProviderDefaults, type CredentialStore } from "./providerKeys";
import { errorMessage } from "../schema/errorMessage.js";

/** Whether an operation asks the model: a put of a value that is indexed, or a search by query. */
function embeds(op: Operation): boolean {
  if ("value" in op) return op.value !== null && op.index !== false;
  return "namespacePrefix" in op && Boolean(op.query);
}

/**
 * The app's memories with a vector index that opens once the model has said its vector size.
 * `indexConfig` is there from the start, so `recall` offers ranking by meaning.
 */
export class SemanticMemoryStore extends BaseStore {
  private indexed: Promise<IdbStore> | undefined;

  constructor(
    private readonly plain: IdbStore,
    readonly embeddings: EmbedderEmbeddings,
    /** The key source the embedder reads through, replaced by each run's. */
    private readonly keys: { current: KeySource },
  ) {
    super();
  }

  /** The key source of the latest run: a key changed in Settings applies to the next call. */
  useKeys(getKey: KeySource): this {
    this.keys.current = getKey;
    return this;
  }

  get indexConfig(): IndexConfig {
    return { dims: this.embeddings.dims ?? 0, embeddings: this.embeddings, fields: MEMORY_INDEX_FIELDS, signature: this.embeddings.signature };
  }

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    if (!operations.some(embeds)) return this.plain.batch(operations);
    return (await this.open()).batch(operations);
  }

  /** Ids (`itemId`) of the memories under `prefix` whose vectors this model made. */
  embeddedIds(prefix: readonly string[]): Promise<Set<string>> {
    return embeddedItems(this.plain.database, prefix, this.embeddings.signature);
  }

  /** Embeds again, with this model, the memories under `prefix` that another model embedded (or none did). */
  reembed(prefix: readonly string[], options: ReembedOptions): Promise<ReembedOutcome> {
    const { embedder } = this.embeddings;
    const model = { fields: MEMORY_INDEX_FIELDS, signature: embedder.signature, label: embedder.label, embed: embedder.embed.bind(embedder) };
    return reembedItems(this.plain.database, prefix, model, options);
  }

  private open(): Promise<IdbStore> {
    this.indexed ??= this.embeddings.vectorSize().then(
      (dims) => new IdbStore({ database: this.plain.database, index: { ...this.indexConfig, dims } }),
      (error: unknown) => {
        // Asked again on the next operation: the model may be back, or the key set.
        this.indexed = undefined;
        throw new PersistenceError(
          "EMBEDDING_FAILED",
          `The embeddings model could not be reached, so nothing was saved or ranked by meaning: ${errorMessage(error)}`,
          { cause: error },
        );
      },
    );
    return this.indexed;
  }
}

/** The memory store of one document (provider defaults applied), given the key source of its run. */
export type MemoryStoreFor = (document: GraphDocument, getKey: KeySource) => BaseStore;

/**
 * @example
 * const memoryFor = createMemoryStores(new IdbStore({ database }));
 * const store = memoryFor(document, keySource(credentials)); // semantic when the graph names a profile
 */
export function createMemoryStores(plain: BaseStore): MemoryStoreFor {
  // Only IdbStore can share its memories with an indexed twin; other stores stay as they are.
  if (!(plain instanceof IdbStore)) return () => plain;
  const stores = new Map<string, SemanticMemoryStore>();
  return (document, getKey) => {
    const keys = { current: getKey };
    const embedder = memoryEmbedder(document, (provider, profile) => keys.current(provider, profile));
    // Validation reports a missing or non-OpenAI profile; such a document does not run.
    if (embedder === null || "unavailable" in embedder) return plain;
    const id = `${document.meta.id}\n${embedder.profileId}\n${embedder.signature}`;
    const cached = stores.get(id);
    if (cached) return cached.useKeys(getKey);
    const store = new SemanticMemoryStore(plain, new EmbedderEmbeddings(embedder), keys);
    stores.set(id, store);
    return store;
  };
}

/** Memory stores per plain store, so runs and the Memory panel share one index per graph. */
const shared = new WeakMap<BaseStore, MemoryStoreFor>();

/** The shared `createMemoryStores` of a plain store. */
export function memoryStoresOf(plain: BaseStore): MemoryStoreFor {
  let memoryFor = shared.get(plain);
  if (!memoryFor) shared.set(plain, (memoryFor = createMemoryStores(plain)));
  return memoryFor;
}

/**
 * The store a stored graph's memories are read and edited in (the Memory panel), with the keys
 * in Settings; the plain store for a graph no longer in the workspace.
 */
export async function storedGraphMemory(
  plain: BaseStore,
  graphId: string,
  options: { loadDocument?(graphId: string): Promise<GraphDocument | undefined>; credentials: CredentialStore },
): Promise<BaseStore> {
  const document = await options.loadDocument?.(graphId).catch(() => undefined);
  if (!document?.settings?.memory_embedding_profile) return plain;
  const credentials = await readCredentials(options.credentials);
  return memoryStoresOf(plain)(withProviderDefaults(document, credentials), keySource(credentials));
}
