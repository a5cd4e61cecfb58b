// Document upload with a progress bar. fetch cannot report upload progress, so this one request uses
// XMLHttpRequest; its path and its response types still come from the generated contract.
import { ApiError, csrfCookie, type Schemas } from './client';
import type { paths } from './schema';
import type { DocumentKind } from '../../../src/contract/document-kinds';

type UploadPath = '/api/v1/engagements/{id}/documents';
type Created = paths[UploadPath]['post']['responses'][201]['content']['application/json'];

export function uploadDocument(
  engagementId: string,
  kind: DocumentKind,
  file: File,
  onProgress: (percent: number) => void,
  fields: Record<string, string> = {},
): Promise<Created> {
  const form = new FormData();
  form.append('kind', kind);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/engagements/${encodeURIComponent(engagementId)}/documents`);
    const csrf = csrfCookie();
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', decodeURIComponent(csrf));
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Created);
      else {
        const p = (body ?? {}) as Partial<Schemas['Problem']>;
        reject(new ApiError(xhr.status, { ...p, detail: p.detail ?? `Upload failed (${xhr.status})` }));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { detail: 'The upload could not reach the service' }));
    xhr.send(form);
  });
}
