/**
 * Hands a downloaded file to the browser's save flow: a temporary object URL behind an `<a download>`
 * clicked once. The URL is released a while later, not at once: Chromium reads it after the click.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
