// Opens a stored document as a person expects: a PDF or an image in a new tab of the browser, any other file saved
// under the name in words the service gives it (Content-Disposition), fetched through the API client.
import { api, ApiError, type Problem } from '../api/client';
import { shownInBrowser } from '../../../src/contract/file-names';
import { saveBlob } from './download';

/** The file name of a Content-Disposition header (its UTF-8 `filename*`, else the plain one). */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]*)"/i.exec(header)?.[1];
}

export async function openDocument(engagementId: string, documentId: string): Promise<void> {
  // Fetched first (a few hundred milliseconds): the click still counts as the person's when the tab is opened.
  const { data, error, response } = await api.GET('/api/v1/engagements/{id}/documents/{docId}/content', {
    params: { path: { id: engagementId, docId: documentId } },
    parseAs: 'blob',
  });
  if (!response.ok || !data) {
    const body = (error ?? {}) as Partial<Problem>;
    throw new ApiError(response.status, { ...body, detail: body.detail ?? 'The file could not be opened.' });
  }
  const type = response.headers.get('content-type') ?? '';
  const blob = new Blob([data as unknown as Blob], { type });
  const name = dispositionName(response.headers.get('content-disposition')) ?? 'document';
  if (!shownInBrowser(type)) {
    saveBlob(blob, name);
    return;
  }
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank');
  // A browser that blocks the tab still gets the file, saved under its name.
  if (!tab) saveBlob(blob, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
