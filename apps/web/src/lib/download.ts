/** The file name of a Content-Disposition header, or the fallback. */
export function fileNameOf(headers: Headers, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Saves a downloaded Blob (an export answered by `api.blob`) under the server's file name. */
export function saveBlob(blob: Blob, headers: Headers, fallbackName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileNameOf(headers, fallbackName);
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
