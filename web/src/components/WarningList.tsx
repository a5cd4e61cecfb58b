import { Alert, Text } from '@mantine/core';
import { warningSentence } from '../../../src/contract/warnings';
import { withoutApiPaths } from '../../../src/contract/sentences';

/** Warnings as people read them: the catalogue's sentence and the specifics; the code only in a tooltip (title), for support. */
export function WarningList({
  warnings,
  title,
  testId,
}: {
  warnings?: { code: string; message: string }[];
  title: string;
  testId?: string;
}) {
  if (!warnings?.length) return null;
  return (
    <Alert color="yellow" title={title} data-testid={testId}>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {warnings.map((w, i) => (
          <li key={`${w.code}-${i}`} style={{ marginBottom: 4 }}>
            <Text span fw={600} size="sm" title={w.code}>
              {warningSentence(w.code)}
            </Text>{' '}
            <Text span size="sm">
              {withoutApiPaths(w.message)}
            </Text>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
