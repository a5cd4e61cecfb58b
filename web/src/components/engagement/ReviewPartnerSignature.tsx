// The partner's own DSC on the sealed FINAL: whether it is awaited, the upload of the signed copy, the signed
// copies with their signers and warnings, the sealed original, and the ADMIN's choice to issue the sealed copy.
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { dateTime } from '../../lib/format';
import { saveBlob } from '../../lib/download';
import { engagementFileName } from '../../../../src/contract/file-names';
import { FormError } from '../FormError';
import { DataTable } from '../DataTable';
import { FileField } from '../FileField';

type Engagement = Schemas['EngagementDetail'];

type SignedCopy = Schemas['SignedCopy'];

/**
 * The partner's own DSC on the sealed FINAL: whether it is awaited, the upload of the copy their signing
 * software saved (the signatory or an ADMIN), the signed copies with their signers and warnings, the sealed
 * original, and the ADMIN's choice to issue the sealed copy as it is.
 */
export function PartnerSignature({ engagement }: { engagement: Engagement }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const copies = useQuery({
    queryKey: ['engagement', engagement.id, 'signed-copies', engagement.issuedCopy],
    queryFn: () =>
      call(api.GET('/api/v1/engagements/{id}/report/signed-copies', { params: { path: { id: engagement.id } } })),
  });
  // Decided on the server: the signatory who signed off, or an ADMIN.
  const { canUploadSignedCopy: canUpload, canIssueSealedCopy } = engagement.myActions;
  const refresh = () => client.invalidateQueries({ queryKey: ['engagement', engagement.id] });
  const upload = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      return call(
        api.PUT('/api/v1/engagements/{id}/report/signed-copy', {
          params: { path: { id: engagement.id } },
          body: form as never,
        }),
      );
    },
    onSuccess: () => {
      setFile(null);
      return refresh();
    },
  });
  const issueSealed = useMutation({
    mutationFn: () =>
      call(api.POST('/api/v1/engagements/{id}/report/issue-sealed', { params: { path: { id: engagement.id } } })),
    onSuccess: refresh,
  });
  const sealed = useMutation({
    mutationFn: async () => {
      const { data, response } = await api.GET('/api/v1/engagements/{id}/report', {
        params: { path: { id: engagement.id }, query: { copy: 'sealed' } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw new Error(`The sealed FINAL could not be fetched (${response.status})`);
      return data as unknown as Blob;
    },
    onSuccess: (blob) => saveBlob(blob, engagementFileName(engagement, 'FINAL – sealed', 'pdf')),
  });
  const latest: SignedCopy | undefined = upload.data ?? copies.data?.[0];
  return (
    <Paper withBorder p="md" radius="md" data-testid="partner-signature">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700}>The partner's digital signature (DSC)</Text>
          {engagement.awaitingPartnerSignature ? (
            <Badge color="yellow" data-testid="issue-state">
              Awaiting the partner's signature
            </Badge>
          ) : (
            <Badge color="green" data-testid="issue-state">
              {engagement.issuedCopy === 'SIGNED_COPY'
                ? "Issued: the copy signed with the partner's DSC"
                : 'Issued: the sealed copy'}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          The FINAL is sealed with the firm's PDF signature. Download the sealed FINAL, sign it with your DSC in your
          own PDF software (it appends your signature and changes nothing else), and upload what your software saved.
          The signed copy then becomes the client's download.
        </Text>
        <Group>
          <Button variant="default" onClick={() => sealed.mutate()} loading={sealed.isPending}>
            Download the sealed FINAL
          </Button>
        </Group>
        {canUpload ? (
          <Group align="end">
            <FileField
              label="Signed copy (PDF)"
              accept="application/pdf"
              value={file}
              onChange={setFile}
              w={320}
              data-testid="signed-copy-input"
            />
            <Button onClick={() => file && upload.mutate(file)} disabled={!file} loading={upload.isPending}>
              Upload signed copy
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            Only the partner who signed off the report, or an ADMIN, uploads the signed copy.
          </Text>
        )}
        <FormError error={upload.error} title="Signed copy refused" />
        {upload.isSuccess && (
          <Alert color="green" role="status">
            Signed copy accepted: it is now the copy issued to the client.
          </Alert>
        )}
        {latest && latest.warnings.length > 0 && (
          <Alert color="yellow" title="Check the signer" data-testid="signed-copy-warnings">
            {latest.warnings.map((w) => (
              <Text key={w} size="sm">
                {w}
              </Text>
            ))}
          </Alert>
        )}
        {(copies.data?.length ?? 0) > 0 && (
          <DataTable
            label="Signed copies"
            minWidth={560}
            columns={['Uploaded', 'Signed by', 'Issuer', 'Signing time', 'Valid']}
            data-testid="signed-copies"
          >
            {copies.data!.flatMap((c) =>
              c.signatures.map((sig, i) => (
                <Table.Tr key={`${c.id}-${i}`}>
                  <Table.Td>{dateTime(c.uploadedAt)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {sig.commonName ?? sig.subject}
                    <Text size="xs" c="gray.7">
                      serial {sig.serialNumber}, valid to {dateTime(sig.notAfter)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{sig.issuer}</Table.Td>
                  <Table.Td>{sig.signingTime ? dateTime(sig.signingTime) : 'not stated'}</Table.Td>
                  <Table.Td>{sig.valid ? 'Yes' : 'No'}</Table.Td>
                </Table.Tr>
              )),
            )}
          </DataTable>
        )}
        {engagement.awaitingPartnerSignature && canIssueSealedCopy && (
          <Group>
            <Button variant="default" color="gray" onClick={() => issueSealed.mutate()} loading={issueSealed.isPending}>
              Issue the sealed copy without a DSC
            </Button>
          </Group>
        )}
        <FormError error={issueSealed.error ?? sealed.error} title="Not done" />
      </Stack>
    </Paper>
  );
}
