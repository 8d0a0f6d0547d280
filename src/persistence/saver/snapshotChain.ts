/**
 * DeltaChannel snapshots stored as chains, so a long thread's storage grows
 * linearly. LangGraph's DeltaChannel stores its whole list as a DeltaSnapshot
 * every `snapshotFrequency` updates; stored as is, those snapshots alone grow
 * with the square of the thread's length. When a snapshot's list starts with
 * every element of the channel's last snapshot (the last one this saver stored
 * or read, compared by digests of their serialized bytes), only the new
 * elements are stored, with `parts` naming the rows they follow. Blob rows are
 * never rewritten with other content (versions are unique per branch), so a
 * chain always reads back the same list.
 */
import { DeltaSnapshot, isDeltaSnapshot, type SerializerProtocol } from "@langchain/langgraph-checkpoint";
import type { BlobRow } from "../db.js";
import { PersistenceError } from "../errors.js";
import { dump, load } from "./codec.js";

/** Links after which a snapshot is stored whole again: bounds the rows one read needs. */
export const MAX_CHAIN_LINKS = 64;

/** A blob row and, for a tail, the rows it follows (oldest first). */
export interface StoredBlob {
  row: BlobRow;
  parts: BlobRow[];
}

/** How one channel blob is stored: whole, or (for a snapshot that extends the last one) as a tail. */
export interface BlobPlan {
  full: BlobRow;
  /** The same value as the elements it adds to the channel's last snapshot. */
  tail?: BlobRow;
  /** Set for list snapshots: the digests of their elements, which the next snapshot compares. */
  digests?: string[];
}

interface ChainHead {
  version: string;
  parts: string[];
  /** Known once compared; a head read back from storage keeps its elements until then. */
  digests?: string[];
  elements?: unknown[];
}

export function isListSnapshot(value: unknown): value is DeltaSnapshot<unknown[]> {
  return isDeltaSnapshot(value) && Array.isArray(value.value);
}

const headKey = (row: BlobRow) => JSON.stringify([row.thread_id, row.checkpoint_ns, row.channel]);

export class SnapshotChains {
  private readonly heads = new Map<string, ChainHead>();

  constructor(private readonly serde: SerializerProtocol) {}

  /** How to store `snapshot`, whose full row is `full`: as a tail when it extends the channel's last snapshot. */
  async plan(full: BlobRow, snapshot: DeltaSnapshot<unknown[]>, what: string): Promise<BlobPlan> {
    const digests = await this.digestAll(snapshot.value, what);
    const head = this.heads.get(headKey(full));
    if (!head || head.version === full.version || head.parts.length >= MAX_CHAIN_LINKS) return { full, digests };
    head.digests ??= await this.digestAll(head.elements ?? [], what);
    head.elements = undefined;
    const previous = head.digests;
    if (previous.length > digests.length || previous.some((digest, i) => digest !== digests[i])) return { full, digests };
    const { type, bytes } = await dump(this.serde, snapshot.value.slice(previous.length), what);
    return { full, digests, tail: { ...full, type, value: bytes, parts: [...head.parts, head.version] } };
  }

  /** After the write committed: a stored snapshot row is the channel's last snapshot. */
  stored(plan: BlobPlan, row: BlobRow): void {
    if (plan.digests) this.heads.set(headKey(row), { version: row.version, parts: row.parts ?? [], digests: plan.digests });
  }

  /** A snapshot read back (say, after a reload) starts the chain when this saver has stored none yet. */
  read(blob: StoredBlob, value: unknown): void {
    const key = headKey(blob.row);
    if (this.heads.has(key) || !isListSnapshot(value)) return;
    this.heads.set(key, { version: blob.row.version, parts: blob.row.parts ?? [], elements: value.value });
  }

  forgetThread(threadId: string): void {
    for (const key of this.heads.keys()) if ((JSON.parse(key) as string[])[0] === threadId) this.heads.delete(key);
  }

  private digestAll(elements: unknown[], what: string): Promise<string[]> {
    return Promise.all(elements.map(async (element) => digest(await dump(this.serde, element, what))));
  }
}

/** In the write transaction: the tail if every row it follows is still stored, else the whole value. */
export async function rowToWrite(plan: BlobPlan, has: (version: string) => Promise<boolean>): Promise<BlobRow> {
  if (!plan.tail?.parts) return plan.full;
  const present = await Promise.all(plan.tail.parts.map(has));
  return present.every(Boolean) ? plan.tail : plan.full;
}

/** Reads a blob row and, for a tail, the rows it follows, in the caller's transaction. */
export async function readBlob(get: (version: string) => Promise<BlobRow | undefined>, version: string): Promise<StoredBlob | undefined> {
  const row = await get(version);
  if (row === undefined) return undefined;
  const parts = await Promise.all((row.parts ?? []).map(get));
  if (parts.some((part) => part === undefined)) {
    throw new PersistenceError("INVALID_DATA", `Stored snapshot of channel "${row.channel}" in thread "${row.thread_id}" is missing part of its history.`);
  }
  return { row, parts: parts as BlobRow[] };
}

/** A blob's value; a tail is joined to the rows it follows into one DeltaSnapshot. */
export async function loadBlob(serde: SerializerProtocol, blob: StoredBlob, what: string): Promise<unknown> {
  if (blob.row.parts === undefined) return load(serde, blob.row.type, blob.row.value, what);
  const [base, ...tails] = await Promise.all([...blob.parts, blob.row].map((row) => load<unknown>(serde, row.type, row.value, what)));
  if (!isListSnapshot(base) || !tails.every(Array.isArray)) throw new PersistenceError("INVALID_DATA", `Stored ${what} is not a snapshot chain.`);
  return new DeltaSnapshot([...base.value, ...(tails as unknown[][]).flat()]);
}

/** 64 bits of a fast non-cryptographic hash (cyrb53's mixing) with type and length: equal bytes, equal digest. */
function digest({ type, bytes }: { type: string; bytes: Uint8Array }): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const byte of bytes) {
    h1 = Math.imul(h1 ^ byte, 2654435761);
    h2 = Math.imul(h2 ^ byte, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${type}:${bytes.byteLength}:${(h1 >>> 0).toString(36)}:${(h2 >>> 0).toString(36)}`;
}
