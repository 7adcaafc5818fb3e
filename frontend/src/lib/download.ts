/**
 * Opens a download link in this window: the server answers with `Content-Disposition: attachment`, so the browser
 * saves the file and the page stays. The anchor is added to the document for the browsers that only follow
 * attached anchors.
 */
export function startDownload(url: string, fileName?: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  if (fileName) anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
  }
}

/** Appends `download=1` to a signed PDF link (docs/api.md "Quotes": `&download=1` downloads it). */
export function downloadVariant(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
