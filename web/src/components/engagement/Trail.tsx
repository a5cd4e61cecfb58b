// The review trail and audit events: who did what, when, with the comment or reason.
import { AUDIT, AUDIT_ACTION_WORDS, type AuditAction } from '../../../../src/contract/audit-actions';
import { DocumentLink } from './DocumentLink';
import { ENGAGEMENT_FIELD_LABELS } from '../../../../src/contract/sentences';
import { Table, Text, Title, Stack } from '@mantine/core';
import type { Schemas } from '../../api/client';
import { STATUS_LABELS, date, dateTime, rupees } from '../../lib/format';
import { DataTable } from '../DataTable';

type AuditEvent = Schemas['AuditEvent'];

function shown(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '(blank)';
  // IBC: the set of valuers and the appointing officer are facts of their own, said in words.
  if (field === 'valuerSet' && typeof v === 'object' && 'classes' in v && Array.isArray(v.classes))
    return `${v.classes.length} asset ${v.classes.length === 1 ? 'class' : 'classes'} held`;
  if (field === 'appointingOfficer' && typeof v === 'object' && 'name' in v && 'appointedOn' in v)
    return `${String(v.name)}, appointed ${date(String(v.appointedOn))}`;
  if (typeof v === 'object') return 'recorded';
  const s = String(v);
  if (field === 'proposedPricePerShare') return rupees(s);
  if (/Date$/.test(field) && /^\d{4}-\d{2}-\d{2}$/.test(s)) return date(s);
  if (field === 'companyBackground' && s.length > 60) return `${s.slice(0, 60)}…`;
  return s;
}

/** An engagement.updated entry's changes, as "Target entity: A → B; …". */
function changesNote(changes: Record<string, { from: unknown; to: unknown }>): string {
  return Object.entries(changes)
    .map(([k, c]) => `${ENGAGEMENT_FIELD_LABELS[k] ?? k}: ${shown(k, c.from)} → ${shown(k, c.to)}`)
    .join('; ');
}

function describe(e: AuditEvent): { who: string; note?: string } {
  const d = (e.details ?? {}) as {
    by?: string;
    comment?: string;
    reason?: string;
    fileName?: string;
    documentId?: string;
    changes?: Record<string, { from: unknown; to: unknown }>;
  };
  // A Gate 1 approval kept on a relock is the service's act in the approver's name (docs/decisions.md).
  if ((e.details as { keptFrom?: unknown } | null)?.keptFrom && d.by)
    return { who: `${d.by} (approval kept by the service)`, note: d.reason };
  const who =
    d.by ??
    (e.actor.type === 'SYSTEM'
      ? 'System'
      : `${e.actor.type === 'API_TOKEN' ? 'API token' : 'User'} ${e.actor.id ?? ''}`);
  return { who, note: d.comment ?? d.reason ?? d.fileName ?? (d.changes ? changesNote(d.changes) : undefined) };
}

/** The document an entry names (an upload's), if any. */
function documentOf(e: AuditEvent): string | undefined {
  const id = (e.details as { documentId?: unknown } | null)?.documentId;
  return typeof id === 'string' ? id : undefined;
}

export function Trail({
  events,
  names,
  engagementId,
}: {
  events: AuditEvent[];
  names: Record<string, string>;
  engagementId: string;
}) {
  return (
    <Stack>
      <Title order={2} size="h3">
        Review trail and audit events
      </Title>
      <DataTable label="Audit events" minWidth={640} columns={['When', 'Who', 'What', 'Comment']}>
        {events.map((e) => {
          const { who, note } = describe(e);
          return (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(e.createdAt)}</Table.Td>
              <Table.Td>{(e.actor.id && names[e.actor.id]) || who}</Table.Td>
              <Table.Td>
                {AUDIT_ACTION_WORDS[e.action as AuditAction] ?? e.action}
                {e.fromStatus && e.toStatus && e.fromStatus !== e.toStatus ? (
                  <Text size="xs" c="gray.7">
                    {STATUS_LABELS[e.fromStatus] ?? e.fromStatus} → {STATUS_LABELS[e.toStatus] ?? e.toStatus}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {note ?? ''}
                {/* A line that names a document opens it, as the Documents tab does. */}
                {e.action === AUDIT.documentUploaded && documentOf(e) ? (
                  <DocumentLink engagementId={engagementId} documentId={documentOf(e)!}>
                    Open the document
                  </DocumentLink>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </DataTable>
    </Stack>
  );
}
