/**
 * Long-term memory ranked by meaning over a store that has no vector index of its own: the
 * LangGraph server's store (`langgraphjs dev` / `@langchain/langgraph-api` 1.5 builds it as
 * `new InMemoryStore()` and ignores langgraph.json's `store.index`). Items stay where the server
 * keeps them; a search with a `query` reads the prefix's items, embeds the query and every
 * memory text not embedded yet, and ranks by cosine similarity as InMemoryStore would (an item
 * scores its best field; items without text follow, unscored). Vectors are kept in this
 * process only, by model signature and text, so memories saved before the model changed, or
 * before a restart, are embedded on the next search that reads them. Other operations go to the
 * store untouched. A failing model rejects the search; `recall` then matches words and says why.
 */
import {
  BaseStore,
  type IndexConfig,
  type Item,
  type Operation,
  type OperationResults,
  type SearchItem,
  type SearchOperation,
} from "@langchain/langgraph-checkpoint";
import { MEMORY_INDEX_FIELDS } from "../../engine/multiagent/memoryTools.js";
import type { Embedder } from "../../models/embeddings.js";
import { EmbedderEmbeddings } from "../../models/memoryEmbeddings.js";
import { fieldTexts } from "../../persistence/store/fieldTexts.js";
import { rankBySimilarity } from "../../persistence/store/vectorMath.js";

/** Items read per page while collecting a search's candidates. */
const PAGE = 500;
/** Texts per embeddings request. */
const REQUEST_TEXTS = 128;

/**
 * Vectors by model signature and text, the least recently used dropped past `limit`.
 * @example const cache = new VectorCache(1000); cache.set("m @ e", "Prefers tea", vector);
 */
export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();

  constructor(private readonly limit = 20_000) {}

  get size(): number {
    return this.vectors.size;
  }

  get(signature: string, text: string): Float32Array | undefined {
    const id = `${signature}\n${text}`;
    const vector = this.vectors.get(id);
    if (vector) {
      this.vectors.delete(id);
      this.vectors.set(id, vector);
    }
    return vector;
  }

  set(signature: string, text: string, vector: Float32Array): void {
    const id = `${signature}\n${text}`;
    this.vectors.delete(id);
    this.vectors.set(id, vector);
    for (const oldest of this.vectors.keys()) {
      if (this.vectors.size <= this.limit) break;
      this.vectors.delete(oldest);
    }
  }
}

/** Every graph of the process shares one cache: the same text by the same model is one vector. */
const processVectors = new VectorCache();

const isRankedSearch = (op: Operation): op is SearchOperation => "namespacePrefix" in op && Boolean((op as SearchOperation).query);

/**
 * @example
 * const store = new RankedMemoryStore(serverStore, embedder);
 * await store.search(namespace, { query: "refund" }); // closest first, each with its score
 */
export class RankedMemoryStore extends BaseStore {
  readonly embeddings: EmbedderEmbeddings;

  constructor(
    private readonly inner: BaseStore,
    private readonly embedder: Embedder,
    private readonly cache: VectorCache = processVectors,
  ) {
    super();
    this.embeddings = new EmbedderEmbeddings(embedder);
  }

  /** As InMemoryStore exposes its index: memory tools offer ranking by meaning when it is there. */
  get indexConfig(): IndexConfig & { signature: string } {
    return { dims: this.embeddings.dims ?? 0, embeddings: this.embeddings, fields: MEMORY_INDEX_FIELDS, signature: this.embedder.signature };
  }

  async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
    const results: unknown[] = new Array(operations.length);
    // Reads see the store as it was before the batch's writes, as in InMemoryStore: ranked searches go first.
    for (const [i, op] of operations.entries()) if (isRankedSearch(op)) results[i] = await this.rank(op);
    const rest = operations.flatMap((op, i) => (isRankedSearch(op) ? [] : [{ op, i }]));
    if (rest.length > 0) {
      const answers = await this.inner.batch(rest.map(({ op }) => op));
      rest.forEach(({ i }, n) => (results[i] = answers[n]));
    }
    return results as OperationResults<Op>;
  }

  private async rank(op: SearchOperation): Promise<SearchItem[]> {
    const items = await this.candidates(op);
    const textsOf = new Map(items.map((item) => [item, fieldTexts(item.value, MEMORY_INDEX_FIELDS).map(({ text }) => text)]));
    const signature = this.embedder.signature;
    const missing = [...new Set([...textsOf.values()].flat())].filter((text) => !this.cache.get(signature, text));
    // The query rides with the first texts: one request when the memories are already embedded.
    const local = new Map<string, Float32Array>();
    let query: Float32Array | undefined;
    for (let start = 0; start === 0 || start < missing.length; start += REQUEST_TEXTS) {
      const texts = missing.slice(start, start + REQUEST_TEXTS);
      const vectors = await this.embedder.embed(start === 0 ? [op.query as string, ...texts] : texts);
      if (start === 0) query = vectors.shift();
      texts.forEach((text, i) => local.set(text, vectors[i] as Float32Array));
    }
    for (const [text, vector] of local) this.cache.set(signature, text, vector);
    this.embeddings.dims = query?.length;
    const vectorsOf = (item: Item) =>
      (textsOf.get(item) ?? []).flatMap((text) => {
        const vector = local.get(text) ?? this.cache.get(signature, text);
        return vector ? [vector] : [];
      });
    const ranked = rankBySimilarity(items, vectorsOf, query as Float32Array);
    const offset = op.offset ?? 0;
    return ranked.slice(offset, offset + (op.limit ?? 10)).map(({ item, score }) => ({ ...item, score }));
  }

  /** Every item under the prefix that passes the filter, in the store's order. */
  private async candidates(op: SearchOperation): Promise<Item[]> {
    const items: Item[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.inner.search(op.namespacePrefix, { filter: op.filter, limit: PAGE, offset });
      items.push(...page);
      if (page.length < PAGE) return items;
    }
  }
}
