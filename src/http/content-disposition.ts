/**
 * `attachment` (or `inline`, for a file the browser shows itself) with an ASCII fallback and the RFC 5987 UTF-8
 * name, so odd file names cannot break the header.
 */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
