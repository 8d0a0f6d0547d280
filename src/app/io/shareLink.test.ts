import { describe, expect, it } from "vitest";
import { loadTemplate, templates } from "../templates/catalog";
import { instantiateTemplate } from "../templates/instantiate";
import { blankDocument } from "../store/nodeFactory";
import { readGraphFile } from "./importGraph";
import { isShareFragment, readShareFragment, SHARE_PREFIX, shareLink, ShareLinkError } from "./shareLink";

const base = "https://app.example.com/graphwright/?x=1#old";
const none = { takenIds: new Set<string>(), newId: () => "fresh" };

async function deflate(bytes: Uint8Array): Promise<string> {
  const buffer = await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer();
  return Buffer.from(buffer).toString("base64url");
}

describe("share links", () => {
  it.each(templates.map((t) => [t.title, t] as const))("%s: the link opens the same graph", async (_title, template) => {
    const doc = instantiateTemplate(await loadTemplate(template), { id: "g_share", now: new Date("2026-03-14T15:09:26Z") });
    const { url } = await shareLink(doc, base);
    expect(url.startsWith(`https://app.example.com/graphwright/?x=1${SHARE_PREFIX}`)).toBe(true);
    expect(url.length).toBeLessThan(10_000);
    const hash = new URL(url).hash;
    expect(isShareFragment(hash)).toBe(true);
    const result = readGraphFile(await readShareFragment(hash), none);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.document).toEqual(doc);
  });

  it("strips secrets like the JSON export", async () => {
    const doc = blankDocument("g1", "Key sk-abcdefghijklmnopqrstuvwxyz");
    const { url, removed } = await shareLink(doc, base);
    expect(removed).toEqual(["$.meta.name"]);
    expect(await readShareFragment(new URL(url).hash)).not.toContain("sk-abcdefghijklmnopqrstuvwxyz");
  });

  it("refuses damaged data with a clear error", async () => {
    await expect(readShareFragment(`${SHARE_PREFIX}not*base64`)).rejects.toThrow(ShareLinkError);
    await expect(readShareFragment(`${SHARE_PREFIX}AAAA`)).rejects.toThrow(/damaged/);
  });

  it("stops a link that inflates past the import limit", async () => {
    const bomb = await deflate(new Uint8Array(25 * 1024 * 1024).fill(32));
    expect(bomb.length).toBeLessThan(100_000);
    await expect(readShareFragment(`${SHARE_PREFIX}${bomb}`)).rejects.toThrow(/larger than 20 MB/);
  });

  it("hands text that is not a graph to validation, which refuses it", async () => {
    const text = await deflate(new TextEncoder().encode('{"version": 1}'));
    const result = readGraphFile(await readShareFragment(`${SHARE_PREFIX}${text}`), none);
    expect(result.ok).toBe(false);
  });
});
