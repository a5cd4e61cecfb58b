// The report (status, inline preview, download) and the firm's internal review record.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { dateTime } from '../../lib/format';
import { saveBlob } from '../../lib/download';
import { engagementFileName } from '../../../../src/contract/file-names';
import { FormError } from '../FormError';

type Engagement = Schemas['EngagementDetail'];

/** A report's state in words. */
const REPORT_STATUS_WORDS: Record<string, string> = {
  NOT_STARTED: 'Not started',
  GENERATING: 'Being made',
  READY: 'Ready',
  FAILED: 'Failed',
};

export function Report({ engagement }: { engagement: Engagement }) {
  const status = useQuery({
    queryKey: ['engagement', engagement.id, 'report', engagement.status],
    queryFn: () => call(api.GET('/api/v1/engagements/{id}/report/status', { params: { path: { id: engagement.id } } })),
    refetchInterval: (q) => (q.state.data?.status === 'GENERATING' ? 1500 : false),
  });
  const [preview, setPreview] = useState<string>();
  const pdf = useMutation({
    mutationFn: async () => {
      const { data, response } = await api.GET('/api/v1/engagements/{id}/report', {
        params: { path: { id: engagement.id } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw new Error(`The report could not be fetched (${response.status})`);
      return { blob: data as unknown as Blob, kind: response.headers.get('x-report-kind') ?? '' };
    },
  });
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const s = status.data;
  const fileName = engagementFileName(engagement, s?.kind ?? 'DRAFT', 'pdf');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700}>Report</Text>
          {s?.kind && (
            <Badge color={s.kind === 'FINAL' ? 'green' : 'yellow'} data-testid="report-kind">
              {s.kind === 'FINAL' ? 'Final' : 'Draft'}
            </Badge>
          )}
          <Badge color="gray.8">{s ? (REPORT_STATUS_WORDS[s.status] ?? s.status) : '…'}</Badge>
        </Group>
        {s?.status === 'READY' ? (
          <>
            <Text size="sm">
              {s.kind === 'FINAL'
                ? engagement.issuedCopy === 'SIGNED_COPY'
                  ? "FINAL report, the copy signed with the partner's DSC"
                  : "FINAL report, sealed with the firm's PDF signature"
                : 'DRAFT (watermarked, unsigned)'}{' '}
              · generated {dateTime(s.generatedAt)}
            </Text>
            <Group>
              <Button
                variant="default"
                onClick={() => pdf.mutateAsync().then((r) => setPreview(URL.createObjectURL(r.blob)))}
                loading={pdf.isPending}
              >
                Preview
              </Button>
              <Button onClick={() => pdf.mutateAsync().then((r) => saveBlob(r.blob, fileName))}>Download PDF</Button>
            </Group>
            {preview && (
              <iframe
                src={preview}
                title="Report preview"
                style={{ width: '100%', height: 640, border: '1px solid #ced4da' }}
              />
            )}
          </>
        ) : s?.status === 'FAILED' ? (
          <Alert color="red">The report could not be rendered: {s.error}</Alert>
        ) : (
          <Text size="sm" c="gray.7">
            {s?.status === 'GENERATING'
              ? 'Rendering…'
              : 'A DRAFT is rendered at Gate 1, the signed FINAL at completion.'}
          </Text>
        )}
        <FormError error={pdf.error} title="Report" />
      </Stack>
    </Paper>
  );
}

/** The firm's internal record of the reviews: what the reviewers wrote stays here, never in the client's report. */
export function ReviewRecord({ engagement }: { engagement: Engagement }) {
  const download = useMutation({
    mutationFn: async () => {
      const { data, response } = await api.GET('/api/v1/engagements/{id}/review-record.pdf', {
        params: { path: { id: engagement.id } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw new Error('The review record could not be made');
      return data as Blob;
    },
    onSuccess: (blob) => saveBlob(blob, engagementFileName(engagement, 'Review record', 'pdf')),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={700}>Review record (internal)</Text>
        <Text size="sm" c="gray.7">
          Every round, gate decision, comment and reason, and each version of the assumptions. For the firm's quality
          control: it is not part of the client's report.
        </Text>
        <Group>
          <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
            Download review record
          </Button>
        </Group>
        <FormError error={download.error} title="Not downloaded" />
      </Stack>
    </Paper>
  );
}
