import { Alert } from '@mantine/core';
import { ApiError } from '../api/client';

/** A problem+json error where the person can act on it: the detail, and the field messages it names. */
export function FormError({ error, title = 'Not done' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const detail = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.problem.errors ?? [] : [];
  return (
    <Alert color="red" title={title} role="alert" variant="light">
      {detail}
      {fields.length > 0 && (
        <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
          {fields.map((f) => (
            <li key={f.path + f.message}>
              <code>{f.path}</code>: {f.message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** Copies an API error's field messages onto react-hook-form fields (JSON Pointer /wacc → wacc). */
export function applyFieldErrors(error: unknown, setError: (name: never, e: { message: string }) => void) {
  if (!(error instanceof ApiError)) return;
  for (const [name, message] of Object.entries(error.fieldErrors())) setError(name as never, { message });
}
