/** Saving a file from the browser: an object URL behind a temporary download link. */

/** Offers `content` (text, bytes such as a zip, or a blob) as a download named `fileName`. */
export function downloadFile(fileName: string, content: Blob | string | Uint8Array, type = "application/octet-stream"): void {
  // A copy of the bytes: a Blob takes views of plain ArrayBuffers only (not of a SharedArrayBuffer).
  const blob = content instanceof Blob ? content : new Blob([typeof content === "string" ? content : new Uint8Array(content)], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; free the URL once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Offers a `data:` URL (an image) as a download. */
export async function downloadDataUrl(fileName: string, dataUrl: string): Promise<void> {
  const blob = await (await fetch(dataUrl)).blob();
  downloadFile(fileName, blob);
}
