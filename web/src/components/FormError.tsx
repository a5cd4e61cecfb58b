import { Alert } from '@mantine/core';
import { ApiError } from '../api/client';
import { ERROR_CATALOGUE } from '../../../src/contract/errors';
import { fieldLabel, sentence, withoutApiPaths } from '../../../src/contract/sentences';

/**
 * A problem+json error where the person can act on it: the catalogue's sentence for its code, the
 * specifics the service gave (when they add to it), the field problems the form does not already show
 * beside their fields (named by label, as sentences). No code line and no API path: the code stays in `data-code`, for support.
 * `fieldsShown`: true when the form shows every field problem beside its field, or the names it shows.
 */
export function FormError({
  error,
  title,
  fieldsShown = false,
}: {
  error: unknown;
  title?: string;
  fieldsShown?: boolean | readonly string[];
}) {
  if (!error) return null;
  const code = error instanceof ApiError ? error.code : undefined;
  const entry = code ? ERROR_CATALOGUE[code] : undefined;
  const raw = error instanceof Error ? error.message : String(error);
  const detail = withoutApiPaths(raw);
  const all = error instanceof ApiError ? (error.problem.errors ?? []) : [];
  const beside = (path: string) =>
    fieldsShown === true ||
    (Array.isArray(fieldsShown) && fieldsShown.includes(path.split('/').filter(Boolean)[0] ?? ''));
  const fields = all.filter((f) => !beside(f.path));
  const lead = entry ? entry.sentence : sentence(detail);
  // The service's detail, unless it only repeats the sentence or the field problems (shown beside or below).
  const extra = entry && all.length === 0 && detail && sentence(detail) !== entry.sentence ? sentence(detail) : null;
  return (
    <Alert color="red" title={title ?? entry?.title ?? 'Not done'} role="alert" variant="light" data-code={code}>
      {lead}
      {extra && <div style={{ marginTop: 4 }}>{extra}</div>}
      {all.length > 0 && fields.length === 0 && (
        <div style={{ marginTop: 4 }}>See the {all.length === 1 ? 'field marked' : 'fields marked'} above.</div>
      )}
      {fields.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
          {fields.map((f) => {
            const key = f.path.split('/').filter(Boolean).pop() ?? '';
            const label = fieldLabel(f.path);
            return (
              <li key={f.path + f.message}>
                {label ? `${label}: ` : ''}
                {sentence(f.message, key)}
              </li>
            );
          })}
        </ul>
      )}
    </Alert>
  );
}

/** Copies an API error's field messages onto react-hook-form fields (JSON Pointer /wacc → wacc), as sentences. */
export function applyFieldErrors(error: unknown, setError: (name: never, e: { message: string }) => void) {
  if (!(error instanceof ApiError)) return;
  for (const [name, message] of Object.entries(error.fieldErrors()))
    setError(name as never, { message: sentence(message, name.split('.').pop()) });
}
