import { Alert } from '@mantine/core';
import { ApiError } from '../api/client';
import { ERROR_CATALOGUE } from '../../../src/contract/errors';

/**
 * A problem+json error where the person can act on it: the catalogue's sentence for its code, the
 * specifics the service gave, the field messages it names (unless the form shows them beside the
 * fields), and the code small, for support.
 */
export function FormError({ error, title, fieldsShown = false }: { error: unknown; title?: string; fieldsShown?: boolean }) {
  if (!error) return null;
  const code = error instanceof ApiError ? error.code : undefined;
  const entry = code ? ERROR_CATALOGUE[code] : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError && !fieldsShown ? error.problem.errors ?? [] : [];
  return (
    <Alert color="red" title={title ?? entry?.title ?? 'Not done'} role="alert" variant="light">
      {entry ? entry.sentence : detail}
      {entry && detail && detail !== entry.sentence && fields.length === 0 && !fieldsShown && <div style={{ marginTop: 4 }}>{detail}</div>}
      {fields.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
          {fields.map((f) => (
            <li key={f.path + f.message}>
              <code>{f.path}</code>: {f.message}
            </li>
          ))}
        </ul>
      )}
      {code && <div style={{ marginTop: 4, fontSize: 11, color: 'var(--mantine-color-dimmed)' }}>Code: {code}</div>}
    </Alert>
  );
}

/** Copies an API error's field messages onto react-hook-form fields (JSON Pointer /wacc → wacc). */
export function applyFieldErrors(error: unknown, setError: (name: never, e: { message: string }) => void) {
  if (!(error instanceof ApiError)) return;
  for (const [name, message] of Object.entries(error.fieldErrors())) setError(name as never, { message });
}
