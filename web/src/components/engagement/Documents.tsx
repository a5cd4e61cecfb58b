// Documents: drag-and-drop upload with progress, template downloads, and ingestion errors exactly as the
// API reports them (pointer, row and column); the ingested financials are shown by FinancialsPreview.
import { ScrollX } from '../ScrollX';
import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Progress, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { uploadDocument } from '../../api/upload';
import { DOCUMENT_KIND_LABELS, dateTime, groupIndian } from '../../lib/format';
import { FormError } from '../FormError';
import { fieldLabel, sentence } from '../../../../src/contract/sentences';
import { saveBlob } from '../../lib/download';
import { FINANCIALS_STAGES, FINANCIALS_UPLOAD_STAGES, inStages } from '../../../../src/contract/stages';
import { FinancialsPreview } from './FinancialsPreview';

type Engagement = Schemas['Engagement'];

export function Documents({ engagement, canWrite }: { engagement: Engagement; canWrite: boolean }) {
  const client = useQueryClient();
  const [kind, setKind] = useState<'FINANCIALS' | 'SUPPORTING'>('FINANCIALS');
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
    mutationFn: (file: File) => uploadDocument(engagement.id, kind, file, setProgress),
    onSettled: () => {
      setProgress(undefined);
      void client.invalidateQueries({ queryKey: ['engagement', engagement.id] });
    },
  });
  const uploadOpen =
    inStages(FINANCIALS_UPLOAD_STAGES, engagement.status) ||
    (kind === 'SUPPORTING' && engagement.status === 'DATA_INGESTING');

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
      {canWrite ? (
        uploadOpen ? (
          <Stack gap="xs">
            <SegmentedControl
              value={kind}
              onChange={(v) => setKind(v as typeof kind)}
              data={[
                { value: 'FINANCIALS', label: 'Financials' },
                { value: 'SUPPORTING', label: 'Supporting document' },
              ]}
              aria-label="Document kind"
              w="fit-content"
            />
            <Dropzone
              onDrop={(files) => files[0] && upload.mutate(files[0])}
              multiple={false}
              loading={upload.isPending}
              aria-label={`Upload ${kind === 'FINANCIALS' ? 'financials' : 'a supporting document'}`}
              data-testid="upload"
            >
              <Stack align="center" gap={4} py="lg">
                <Text fw={600}>Drop a file here, or click to choose it</Text>
                <Text size="sm" c="gray.7">
                  {kind === 'FINANCIALS' ? 'XLSX, CSV or JSON in the template layout' : 'PDF, XLSX, CSV or JSON'} · up
                  to 25 MiB
                </Text>
              </Stack>
            </Dropzone>
            {progress !== undefined && <Progress value={progress} aria-label="Upload progress" size="lg" />}
            <FormError error={upload.error} title="Upload refused" />
          </Stack>
        ) : (
          <Text size="sm" c="gray.7">
            Uploads are closed:{' '}
            {engagement.status === 'DATA_INGESTING' ? 'financials are being read.' : 'computation has started.'}
          </Text>
        )
      ) : (
        <Text size="sm" c="gray.7">
          Uploading needs the VALUER or ADMIN role.
        </Text>
      )}
      <FormError error={docs.error} title="Could not load documents" />
      {docs.data?.map((d) => (
        <Stack key={d.id} gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {d.fileName}
            </Text>
            <Badge color="gray.8">{DOCUMENT_KIND_LABELS[d.kind] ?? d.kind}</Badge>
            <Badge
              color={d.status === 'REJECTED' ? 'red' : d.status === 'PARSED' ? 'green' : 'blue'}
              data-testid="document-status"
            >
              {d.status}
            </Badge>
            <Text size="xs" c="gray.7">
              {groupIndian(String(d.sizeBytes))} bytes · {dateTime(d.createdAt)}
            </Text>
          </Group>
          {d.errors && d.errors.length > 0 && (
            <Alert
              color="red"
              title={`${d.errors.length} problem${d.errors.length > 1 ? 's' : ''} in ${d.fileName}`}
              data-testid="ingestion-errors"
            >
              <ScrollX minWidth={400}>
                <Table aria-label="Ingestion errors">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Where</Table.Th>
                      <Table.Th>Field</Table.Th>
                      <Table.Th>Problem</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.errors.map((e, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>{e.location ?? '—'}</Table.Td>
                        <Table.Td>
                          {/* The valuer's label; the JSON path below it, smaller, for whoever fixes the file. */}
                          {fieldLabel(e.path) || '—'}
                          {e.path && e.path !== '/' ? (
                            <Text size="xs" c="gray.7" ff="monospace" data-testid="error-path">
                              {e.path}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>{sentence(e.message)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollX>
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
