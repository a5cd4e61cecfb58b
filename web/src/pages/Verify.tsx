// Public report verification: the browser hashes the PDF itself (Web Crypto SHA-256) and asks the API
// whether a FINAL report with that hash was signed. The file never leaves the browser.
import { Busy } from '../components/Busy';
import { useState } from 'react';
import { Alert, Anchor, Button, Center, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, call } from '../api/client';
import { STATUTE_LABELS, date, dateTime, groupIndian, rupees } from '../lib/format';
import { FormError } from '../components/FormError';
import type { Schemas } from '../api/client';
import { DataTable } from '../components/DataTable';
import { PageTitle } from '../components/PageTitle';

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function VerifyPage() {
  const [fileName, setFileName] = useState<string>();
  const [file, setFile] = useState<File>();
  // Only on request: the file is sent to the service to find which signature a change breaks.
  const examine = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      return call(api.POST('/api/v1/reports/verify-file', { body: form as never }));
    },
  });
  const verify = useMutation({
    mutationFn: async (file: File) => {
      setFileName(file.name);
      setFile(file);
      examine.reset();
      const sha256 = await sha256Hex(file);
      return call(api.GET('/api/v1/reports/verify/{sha256}', { params: { path: { sha256 } } }));
    },
  });
  const r = verify.data;
  return (
    <Center p="md" component="main">
      <Stack w="100%" maw={720}>
        <Group justify="space-between">
          <Anchor component={Link} to="/engagements" fw={800} c="indigo.9" underline="never">
            ₹ Valuation Service
          </Anchor>
        </Group>
        <PageTitle>Verify a valuation report</PageTitle>
        <Text>
          Choose or drop a report PDF. Your browser computes its SHA-256 fingerprint and asks this service whether it
          signed a FINAL report with exactly that content. <strong>The file itself is never uploaded.</strong>
        </Text>
        <Dropzone
          onDrop={(files) => files[0] && verify.mutate(files[0])}
          multiple={false}
          accept={['application/pdf']}
          aria-label="Choose a report PDF to verify"
        >
          <Stack align="center" gap={4} py="xl">
            <Text fw={600}>Drop the PDF here, or click to choose it</Text>
            <Text size="sm" c="gray.7">
              PDF only; checked in your browser
            </Text>
          </Stack>
        </Dropzone>
        {verify.isPending && (
          <Group>
            <Busy size="sm" label="Checking" />
            <Text>Checking {fileName}…</Text>
          </Group>
        )}
        <FormError error={verify.error} title="Could not check the file" />
        {r && r.valid && (
          <Paper withBorder p="md" radius="md" data-testid="verify-result">
            <Alert
              color="green"
              title={
                r.copy === 'SIGNED_COPY'
                  ? `Valid: a signed copy of the FINAL report${r.firm ? ` of ${r.firm}` : ''}${r.signedBy ? `, signed off by ${r.signedBy}` : ''}`
                  : `Valid: the FINAL report${r.firm ? ` of ${r.firm}` : ''}${r.signedBy ? `, signed off by ${r.signedBy}` : ''}`
              }
              role="status"
              mb="sm"
            >
              {r.copy === 'SIGNED_COPY'
                ? `${fileName} is the FINAL report described below, with the signature(s) listed added to it afterwards; its first bytes are exactly the certified FINAL.`
                : `${fileName} is exactly the FINAL report the certificate below describes.`}
            </Alert>
            <Table aria-label="Certificate">
              <Table.Tbody>
                <Row k="Target entity" v={r.targetEntity} />
                <Row k="Statute" v={r.statute ? (STATUTE_LABELS[r.statute] ?? r.statute) : undefined} />
                <Row k="Firm" v={r.firm} />
                <Row k="Signed by" v={r.designation ? `${r.signedBy}, ${r.designation}` : r.signedBy} />
                <Row k="Registration" v={r.registration} />
                <Row k="Firm registration" v={r.firmRegistration} />
                <Row k="Signed at" v={r.signedAt ? dateTime(r.signedAt) : undefined} />
                <Row k="Place of signing" v={r.place} />
                <Row k="UDIN" v={r.udin} />
                <Row k="Concluded value" v={r.conclusion ? concludedValue(r.conclusion) : undefined} />
                <Row k="Basis of value" v={r.conclusion ? basisOfValue(r.conclusion) : undefined} />
                <Row k="Valuation date" v={r.conclusion ? date(r.conclusion.valuationDate) : undefined} />
                <Row
                  k="This file"
                  v={
                    r.copy === 'SIGNED_COPY'
                      ? "A signed copy (the partner's DSC added to the sealed FINAL)"
                      : r.copy === 'SEALED'
                        ? 'The FINAL as the service sealed it'
                        : undefined
                  }
                />
                <Row k="SHA-256" v={<Code style={{ wordBreak: 'break-all' }}>{r.sha256}</Code>} />
                <Row
                  k="Original FINAL"
                  v={r.originalSha256 ? <Code style={{ wordBreak: 'break-all' }}>{r.originalSha256}</Code> : undefined}
                />
              </Table.Tbody>
            </Table>
            {(r.reportId || r.keyId) && (
              <details style={{ marginTop: 8 }}>
                <summary>Technical details</summary>
                <Table aria-label="Technical details">
                  <Table.Tbody>
                    <Row k="Report reference" v={r.reportId} />
                    <Row k="Service's sealing key" v={r.keyId} />
                  </Table.Tbody>
                </Table>
              </details>
            )}
            {r.pdfSignatures && r.pdfSignatures.length > 0 && (
              <PdfSignatures signatures={r.pdfSignatures} caCertificateUrl={r.caCertificateUrl} />
            )}
          </Paper>
        )}
        {r && !r.valid && (
          <Alert color="red" title="Not valid" role="status" data-testid="verify-result">
            No FINAL report signed by this service, and no signed copy of one it accepted, has exactly this content
            {r.reason ? ` (${r.reason})` : ''}. A byte changed after a signature, a DRAFT, a signed copy never uploaded
            to the service, or a file from elsewhere all answer this way.
            {file && !examine.data && (
              <Group mt="xs">
                <Button
                  size="xs"
                  variant="white"
                  color="dark"
                  onClick={() => examine.mutate(file)}
                  loading={examine.isPending}
                >
                  Find which signature a change breaks (sends the file to the service)
                </Button>
              </Group>
            )}
          </Alert>
        )}
        <FormError error={examine.error} title="Could not examine the file" />
        {examine.data && !examine.data.valid && (
          <Paper withBorder p="md" radius="md" data-testid="examine-result">
            <Text fw={700}>{examine.data.reason}</Text>
            {examine.data.originalSha256 && (
              <Text size="sm">
                Before the change the file was one this service knows:{' '}
                <Code style={{ wordBreak: 'break-all' }}>{examine.data.originalSha256}</Code>
              </Text>
            )}
            {examine.data.pdfSignatures && examine.data.pdfSignatures.length > 0 && (
              <PdfSignatures signatures={examine.data.pdfSignatures} />
            )}
          </Paper>
        )}
      </Stack>
    </Center>
  );
}

type PdfSignature = NonNullable<Schemas['ReportVerification']['pdfSignatures']>[number];

type Conclusion = NonNullable<Schemas['ReportVerification']['conclusion']>;

/** The concluded value as the report states it: per share and in total, or the IBC bases in total. */
function concludedValue(c: Conclusion): string {
  if (c.valuePerShare) {
    const perShare = `${rupees(c.valuePerShare)} per equity share`;
    const shares = c.shares ? ` × ${groupIndian(c.shares)} shares` : '';
    return c.totalValue ? `${perShare}${shares} = ${rupees(c.totalValue)}` : perShare;
  }
  return c.values.map((v) => `${v.label}: ${rupees(v.totalValue)}`).join('; ');
}

const basisOfValue = (c: Conclusion) =>
  [c.basisOfValue, c.premiseOfValue, c.levelOfValue].filter((x): x is string => Boolean(x)).join('; ');

/** A certificate its own subject issued: nobody else vouches for it. */
const selfIssued = (s: PdfSignature) => Boolean(s.issuer && s.subject && s.issuer === s.subject);

const TRUST: Record<NonNullable<PdfSignature['trust']>, string> = {
  SERVICE_CA: 'Signed by a certificate this service issued',
  CONFIGURED_ROOT: 'Signed by a certificate from an authority this service is configured to trust',
  EXTERNAL_UNVERIFIED: 'Signed by a certificate from an external authority; this service does not vouch for its issuer',
};

/** The file's PDF signatures, as a PDF reader lists them, with how far each certificate is trusted. */
function PdfSignatures({ signatures, caCertificateUrl }: { signatures: PdfSignature[]; caCertificateUrl?: string }) {
  return (
    <Stack gap="xs" mt="md">
      <Title order={2} size="h4">
        PDF signatures in this file
      </Title>
      <DataTable
        label="PDF signatures"
        minWidth={560}
        columns={['Signature', 'Signed by', 'Issued by', 'When', 'Valid over its bytes']}
        data-testid="pdf-signatures"
      >
        {signatures.map((s, i) => (
          <Table.Tr key={`${s.sha256Fingerprint}-${i}`}>
            <Table.Td>
              {s.role === 'SEAL'
                ? "The firm's seal"
                : signatures.length > 0 && !signatures.some((x) => x.role === 'SEAL')
                  ? `Signature ${i + 1}`
                  : 'Added afterwards (DSC)'}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {s.commonName ?? s.subject}
              <Text size="xs" c="gray.7">
                {s.trust === 'EXTERNAL_UNVERIFIED' && selfIssued(s)
                  ? 'Self-issued: the signer issued this certificate to themselves, so nobody else vouches for it'
                  : s.trust
                    ? TRUST[s.trust]
                    : ''}
              </Text>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.issuer}</Table.Td>
            <Table.Td>{s.signingTime ? dateTime(s.signingTime) : 'not stated'}</Table.Td>
            <Table.Td>{s.valid ? 'Yes' : 'No'}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {caCertificateUrl && (
        <Text size="sm" c="gray.7">
          The service's own CA certificate, which issues firms without their own certificate the one that seals their
          reports:{' '}
          <Anchor href={caCertificateUrl} underline="always" download="Valuation Service CA certificate.pem">
            download it
          </Anchor>
          . It is not an Indian licensed certifying authority; a chain to such an authority is called trusted only where
          its root is configured.
        </Text>
      )}
    </Stack>
  );
}

function Row({ k, v }: { k: string; v: React.ReactNode }) {
  if (v === undefined || v === null) return null;
  return (
    <Table.Tr>
      <Table.Th scope="row" w={160}>
        {k}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{v}</Table.Td>
    </Table.Tr>
  );
}

// The opt-out page an e-mail links to, loaded with this page's chunk (the first-load budget has no room).
export { UnsubscribePage } from './Unsubscribe';
