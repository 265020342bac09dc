/**
 * Hands a Blob to the browser as a download: a temporary object URL on a hidden link with the
 * `download` attribute, clicked once. The URL is revoked after the click has been handled.
 */
export function saveFile(blob: Blob, filename: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
