// Documents: drag-and-drop upload with progress, template downloads, and ingestion errors exactly as the
// API reports them (pointer, row and column); the ingested financials are shown by FinancialsPreview.
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { uploadDocument } from '../../api/upload';
import { date, dateTime, groupIndian } from '../../lib/format';
import { FormError } from '../FormError';
import { fieldLabel, sentence } from '../../../../src/contract/sentences';
import { saveBlob } from '../../lib/download';
import { FINANCIALS_STAGES, inStages } from '../../../../src/contract/stages';
import { FinancialsPreview } from './FinancialsPreview';
import { DocumentLink } from './DocumentLink';
import { DOCUMENT_KIND_LABELS, type DocumentKind, type EvidenceField } from '../../../../src/contract/document-kinds';
import { todayInIndia } from '../../../../src/contract/today';
import { DataTable } from '../DataTable';

/** A document's status as a person reads it. */
const DOCUMENT_STATUS_LABELS: Record<string, string> = {
  STORED: 'Stored',
  PARSING: 'Being read',
  PARSED: 'Read',
  REJECTED: 'Refused',
};

const NO_DESCRIPTION: Record<EvidenceField, string> = { title: '', documentDate: '', providedBy: '' };
const EVIDENCE_INPUTS: { name: EvidenceField; label: string; placeholder?: string }[] = [
  { name: 'title', label: 'Title', placeholder: 'Audited financial statements, FY 2025-26' },
  { name: 'documentDate', label: 'Date of the document' },
  { name: 'providedBy', label: 'Provided by', placeholder: 'The management of the company' },
];

type Engagement = Schemas['EngagementDetail'];

export function Documents({ engagement }: { engagement: Engagement }) {
  const client = useQueryClient();
  const [kind, setKind] = useState<DocumentKind>('FINANCIALS');
  // An EVIDENCE document is described before it is dropped: its title, its own date and who provided it.
  const [described, setDescribed] = useState(NO_DESCRIPTION);
  const describe = (field: EvidenceField) => (e: { currentTarget: { value: string } }) => {
    const { value } = e.currentTarget;
    setDescribed((d) => ({ ...d, [field]: value }));
  };
  const evidenceReady = kind !== 'EVIDENCE' || Object.values(described).every((v) => v.trim() !== '');
  const [progress, setProgress] = useState<number>();
  const docs = useQuery({
    queryKey: ['engagement', engagement.id, 'documents', engagement.status],
    queryFn: () =>
      call(
        api.GET('/api/v1/engagements/{id}/documents', {
          params: { path: { id: engagement.id }, query: { limit: 50 } },
        }),
      ),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'PARSING' || d.status === 'STORED') ? 1500 : false),
  });
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadDocument(engagement.id, kind, file, setProgress, kind === 'EVIDENCE' ? described : {}),
    onSuccess: () => setDescribed(NO_DESCRIPTION),
    onSettled: () => {
      setProgress(undefined);
      void client.invalidateQueries({ queryKey: ['engagement', engagement.id] });
    },
  });
  // The service's answer for this person: financials while none is being read, evidence until the computation.
  const uploadAnswer =
    kind === 'FINANCIALS' ? engagement.myActions.actions.uploadFinancials : engagement.myActions.actions.uploadEvidence;
  const uploadOpen = uploadAnswer.allowed;

  return (
    <Stack>
      <Title order={2} size="h3">
        Documents
      </Title>
      <Group gap="xs">
        <Text size="sm">Blank templates:</Text>
        {(['xlsx', 'csv', 'json'] as const).map((f) => (
          <Anchor key={f} component="button" type="button" size="sm" onClick={() => void downloadTemplate(f, 'blank')}>
            financials.{f}
          </Anchor>
        ))}
        <Text size="sm" ml="md">
          Filled-in example (a fictitious company, to see the layout; not to value):
        </Text>
        {(['xlsx', 'csv', 'json'] as const).map((f) => (
          <Anchor
            key={`example-${f}`}
            component="button"
            type="button"
            size="sm"
            onClick={() => void downloadTemplate(f, 'example')}
          >
            example.{f}
          </Anchor>
        ))}
      </Group>
      {uploadAnswer.blockedCode !== 'forbidden' ? (
        uploadOpen ? (
          <Stack gap="xs">
            <SegmentedControl
              value={kind}
              onChange={(v) => setKind(v as typeof kind)}
              data={[
                { value: 'FINANCIALS', label: DOCUMENT_KIND_LABELS.FINANCIALS },
                { value: 'EVIDENCE', label: DOCUMENT_KIND_LABELS.EVIDENCE },
              ]}
              aria-label="Document kind"
              w="fit-content"
            />
            {kind === 'EVIDENCE' && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {EVIDENCE_INPUTS.map((f) => (
                  <TextInput
                    key={f.name}
                    label={f.label}
                    placeholder={f.placeholder}
                    type={f.name === 'documentDate' ? 'date' : 'text'}
                    max={f.name === 'documentDate' ? todayInIndia() : undefined}
                    required
                    value={described[f.name]}
                    onChange={describe(f.name)}
                  />
                ))}
              </SimpleGrid>
            )}
            <Dropzone
              onDrop={(files) => files[0] && upload.mutate(files[0])}
              multiple={false}
              loading={upload.isPending}
              disabled={!evidenceReady}
              aria-label={`Upload ${kind === 'FINANCIALS' ? 'financials' : 'evidence'}`}
              data-testid="upload"
            >
              <Stack align="center" gap={4} py="lg">
                <Text fw={600}>
                  {evidenceReady
                    ? 'Drop a file here, or click to choose it'
                    : 'Give the title, date and provider first'}
                </Text>
                <Text size="sm" c="gray.7">
                  {kind === 'FINANCIALS'
                    ? 'XLSX, CSV or JSON in the template layout'
                    : 'PDF, XLSX, CSV, JSON, DOCX, PNG or JPEG'}{' '}
                  · up to 25 MiB
                </Text>
              </Stack>
            </Dropzone>
            {progress !== undefined && <Progress value={progress} aria-label="Upload progress" size="lg" />}
            <FormError error={upload.error} title="Upload refused" />
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            Uploads are closed. {uploadAnswer.blockedBecause}.
          </Text>
        )
      ) : (
        <Text size="sm" c="gray.7">
          {uploadAnswer.blockedBecause}.
        </Text>
      )}
      <FormError error={docs.error} title="Could not load documents" />
      {docs.data?.map((d) => (
        <Stack key={d.id} gap={4}>
          <Group gap="xs" wrap="wrap">
            <DocumentLink engagementId={engagement.id} documentId={d.id}>
              {d.title ?? d.fileName}
            </DocumentLink>
            <Badge color="gray.8" tt="none">
              {DOCUMENT_KIND_LABELS[d.kind]}
            </Badge>
            <Badge
              color={d.status === 'REJECTED' ? 'red' : d.status === 'PARSED' ? 'green' : 'blue'}
              data-testid="document-status"
              tt="none"
            >
              {DOCUMENT_STATUS_LABELS[d.status] ?? d.status}
            </Badge>
            <Text size="xs" c="gray.7">
              {d.documentDate && `dated ${date(d.documentDate)} · provided by ${d.providedBy} · ${d.fileName} · `}
              {groupIndian(String(d.sizeBytes))} bytes · {dateTime(d.createdAt)}
            </Text>
          </Group>
          {d.errors && d.errors.length > 0 && (
            <Alert
              color="red"
              title={`${d.errors.length} problem${d.errors.length > 1 ? 's' : ''} in ${d.fileName}`}
              data-testid="ingestion-errors"
            >
              <DataTable
                label="Ingestion errors"
                minWidth={400}
                columns={['Where', 'Field', 'Problem']}
                striped={false}
              >
                {d.errors.map((e, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{e.location ?? '—'}</Table.Td>
                    {/* The valuer's label; the JSON path only in an attribute, for support, never in the text. */}
                    <Table.Td data-testid="error-field" data-path={e.path}>
                      {fieldLabel(e.path) || '—'}
                    </Table.Td>
                    <Table.Td>{sentence(e.message)}</Table.Td>
                  </Table.Tr>
                ))}
              </DataTable>
            </Alert>
          )}
        </Stack>
      ))}
      {inStages(FINANCIALS_STAGES, engagement.status) && <FinancialsPreview id={engagement.id} />}
    </Stack>
  );
}

async function downloadTemplate(format: 'xlsx' | 'csv' | 'json', kind: 'blank' | 'example') {
  const { data, response } =
    kind === 'blank'
      ? await api.GET('/api/v1/templates/financials.{format}', { params: { path: { format } }, parseAs: 'blob' })
      : await api.GET('/api/v1/templates/financials-example.{format}', {
          params: { path: { format } },
          parseAs: 'blob',
        });
  if (response.ok && data)
    saveBlob(
      data as unknown as Blob,
      kind === 'blank' ? `financials-template-blank.${format}` : `financials-example.${format}`,
    );
}
