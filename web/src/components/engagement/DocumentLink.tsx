// A document named where it is listed (the Documents tab, a line of the trail): a link that opens it, a PDF or an
// image in a new tab, any other file as a download named in words (web/src/lib/document-open.ts).
import { useState, type ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { openDocument } from '../../lib/document-open';

export function DocumentLink({
  engagementId,
  documentId,
  children,
  label,
}: {
  engagementId: string;
  documentId: string;
  children: ReactNode;
  /** What a screen reader hears, when the link's text alone does not say which file it opens. */
  label?: string;
}) {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        fw={600}
        ta="left"
        aria-label={label}
        aria-busy={busy}
        style={{ overflowWrap: 'anywhere' }}
        data-testid="open-document"
        onClick={() => {
          setProblem(undefined);
          setBusy(true);
          openDocument(engagementId, documentId)
            .catch((e: Error) => setProblem(e.message))
            .finally(() => setBusy(false));
        }}
      >
        {children}
      </Anchor>
      {problem && (
        <Text size="xs" c="red.8" role="alert">
          {problem}
        </Text>
      )}
    </>
  );
}
