// Review: the three gates (approve / reject with a comment, or why this person may not act),
// payment (sandbox checkout or the gateway's), and the report (status, inline preview, download).
import { useEffect, useState } from 'react';
import { AUDIT, gateApprovalAction } from '../../../../src/contract/audit-actions';
import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import type { Me } from '../../lib/session';
import { atLeast } from '../../lib/session';
import { dateTime, paiseToRupees } from '../../lib/format';
import { saveBlob } from '../../lib/download';
import { FormError } from '../FormError';
import { ReportFacts } from './ReportFacts';
import { ScrollX } from '../ScrollX';

type Engagement = Schemas['Engagement'] & { signatory?: Schemas['EngagementDetail']['signatory'] };
type AuditEvent = Schemas['AuditEvent'];
type Gate = 'GATE_1' | 'GATE_2' | 'GATE_3';
const GATE_TITLES: Record<Gate, string> = { GATE_1: 'Gate 1 · valuer review', GATE_2: 'Gate 2 · independent review', GATE_3: 'Gate 3 · partner sign-off' };

/** Why this person cannot decide the current gate, or null when they can. */
export function gateBlocker(gate: Gate, engagement: Engagement, me: Me | undefined, events: AuditEvent[]): string | null {
  if (me?.kind !== 'user') return 'Review gates are decided by people signed in to the console, not by API tokens.';
  if (!atLeast(me, 'VALUER')) return 'Deciding a gate needs the VALUER or ADMIN role.';
  const myId = me?.user?.id;
  const last = (action: string) => [...events].reverse().find((e) => e.action === action);
  if (gate === 'GATE_2') {
    // The server counts a token's actions as its creator's; the console sees people's own actions.
    const lock = last(AUDIT.assumptionsLocked);
    const g1 = last(gateApprovalAction('GATE_1'));
    if (lock && lock.actor.id === myId) return 'Independent review: you locked the assumptions, so someone else must review Gate 2.';
    if (g1 && g1.actor.id === myId) return 'Independent review: you approved Gate 1, so someone else must approve Gate 2.';
  }
  if (gate === 'GATE_3') {
    // The role first: it is what a VALUER can do nothing about.
    if (me.role !== 'ADMIN') return 'Sign-off needs an ADMIN (partner) signed in; your role cannot sign.';
    const g2 = last(gateApprovalAction('GATE_2'));
    if (g2 && g2.actor.id === myId) return 'Independent review: you reviewed Gate 2, so another partner must sign.';
    if (engagement.paymentStatus !== 'PAID') return 'Sign-off needs the engagement to be paid first.';
  }
  return null;
}

export function Review({ engagement, me, events }: { engagement: Engagement; me: Me | undefined; events: AuditEvent[] }) {
  const gate = (['GATE_1', 'GATE_2', 'GATE_3'] as const).find((g) => g === engagement.status);
  return (
    <Stack>
      <Title order={2} size="h3">Review</Title>
      {gate ? <GateDecision gate={gate} engagement={engagement} me={me} events={events} /> : (
        <Text c="gray.7">{engagement.status === 'COMPLETED' ? 'All three gates are approved.' : engagement.status === 'FAILED' ? 'The engagement has ended.' : 'Gates open once the valuation is computed.'}</Text>
      )}
      <ReportFacts engagement={engagement} canWrite={atLeast(me, 'VALUER')} />
      {engagement.signatory && <Signatory signatory={engagement.signatory} />}
      <Payment engagement={engagement} canPay={atLeast(me, 'VALUER')} />
      <Report engagement={engagement} />
      {engagement.status === 'COMPLETED' && <PartnerSignature engagement={engagement} me={me} events={events} />}
      <ReviewRecord engagement={engagement} />
    </Stack>
  );
}

function GateDecision({ gate, engagement, me, events }: { gate: Gate; engagement: Engagement; me: Me | undefined; events: AuditEvent[] }) {
  const client = useQueryClient();
  const [comment, setComment] = useState('');
  const [place, setPlace] = useState('');
  const [udin, setUdin] = useState('');
  const blocker = gateBlocker(gate, engagement, me, events);
  // Signing off records where, and the UDIN when the signatory signs as a chartered accountant.
  const signing = gate === 'GATE_3' ? { place: place.trim(), ...(udin.trim() ? { udin: udin.trim() } : {}) } : {};
  const done = () => {
    setComment('');
    return client.invalidateQueries({ queryKey: ['engagement', engagement.id] });
  };
  const approve = useMutation({
    mutationFn: () => call(api.POST('/api/v1/engagements/{id}/gates/{gate}/approve', { params: { path: { id: engagement.id, gate } }, body: { ...(comment.trim() ? { comment: comment.trim() } : {}), ...signing } })),
    onSuccess: done,
  });
  const reject = useMutation({
    mutationFn: (outcome: 'DECLINE' | 'REVISE') => call(api.POST('/api/v1/engagements/{id}/gates/{gate}/reject', { params: { path: { id: engagement.id, gate } }, body: { reason: comment.trim(), outcome } })),
    onSuccess: done,
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Group gap="xs"><Text fw={700}>{GATE_TITLES[gate]}</Text><Badge color="orange">pending</Badge></Group>
        {blocker ? (
          <Alert color="gray" title="You cannot decide this gate" data-testid="gate-blocker">{blocker}</Alert>
        ) : (
          <>
            <Textarea label="Comment" description="Optional for approval; a rejection needs a reason of at least 10 characters. Reviewers' comments stay in the firm: they never print in the client's report." value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={2} />
            {gate === 'GATE_3' ? (
              <Group grow align="flex-start">
                <TextInput label="Place of signing" description="Printed in the signature block, e.g. Mumbai" value={place} onChange={(e) => setPlace(e.currentTarget.value)} />
                <TextInput label="UDIN" description="18 characters; required when you sign as a chartered accountant" value={udin} onChange={(e) => setUdin(e.currentTarget.value)} maxLength={18} />
              </Group>
            ) : null}
            <FormError error={approve.error ?? reject.error} title="Not recorded" />
            <Group>
              <Button color="green.8" onClick={() => approve.mutate()} loading={approve.isPending}>Approve {gate.replace('_', ' ').toLowerCase().replace('gate', 'Gate')}</Button>
              <Button color="orange.9" variant="outline" onClick={() => reject.mutate('REVISE')} loading={reject.isPending} disabled={comment.trim().length < 10} title="Back to the valuer: new assumptions, a new round; the payment stands">Return for revision</Button>
              <Button color="red.9" variant="outline" onClick={() => window.confirm('Decline for good? The engagement ends as FAILED.') && reject.mutate('DECLINE')} loading={reject.isPending} disabled={comment.trim().length < 10}>Decline</Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => { open(): void };
  }
}

function loadCheckout(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://checkout.razorpay.com/v1/checkout.js';
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('The payment checkout could not be loaded'));
    document.head.appendChild(s);
  });
}

/** Who may sign this valuation (from GATE_1 on): the rule, the registrations that qualify, and who in the firm holds one. */
function Signatory({ signatory }: { signatory: NonNullable<Engagement['signatory']> }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="signatory-requirement">
      <Stack gap={4}>
        <Text fw={700}>Who may sign</Text>
        <Text size="sm">{signatory.rule}: {signatory.needs}.</Text>
        {signatory.qualifiedMembers.length > 0 ? (
          <Text size="sm">Qualified in this firm: {signatory.qualifiedMembers.map((m) => `${m.name} (${m.role}; ${m.registrations.join(', ')})`).join('; ')}.</Text>
        ) : (
          <Alert color="red" title="Nobody in the firm can sign this report">
            No member holds {signatory.needs}. Add the registration to a partner's profile before paying: payment is refused until someone can sign.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Payment({ engagement, canPay }: { engagement: Engagement; canPay: boolean }) {
  const nobodyCanSign = engagement.signatory !== undefined && engagement.signatory.qualifiedMembers.length === 0;
  const client = useQueryClient();
  // First the order (returned again, never duplicated) and what it costs; the money moves only on confirmation.
  const review = useMutation({
    mutationFn: () => call(api.POST('/api/v1/payments', { body: { engagementId: engagement.id } })),
  });
  const pay = useMutation({
    mutationFn: async () => {
      const order = review.data ?? await call(api.POST('/api/v1/payments', { body: { engagementId: engagement.id } }));
      let result: Schemas['CheckoutResult'];
      if (order.gatewayOrderId.startsWith('order_sbx_')) {
        // Sandbox mode: the service's own checkout answers what a real one would, signed.
        result = await call(api.POST('/api/v1/payments/sandbox/pay', { body: { gateway_order_id: order.gatewayOrderId } }));
      } else {
        await loadCheckout();
        result = await new Promise((resolve, reject) => {
          const checkout = new window.Razorpay!({
            key: order.gatewayKeyId, order_id: order.gatewayOrderId, amount: order.amount, currency: order.currency,
            name: 'Valuation Service', description: engagement.targetEntity,
            handler: (r: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
              resolve({ gateway_order_id: r.razorpay_order_id, gateway_payment_id: r.razorpay_payment_id, gateway_signature: r.razorpay_signature }),
            modal: { ondismiss: () => reject(new Error('Payment was cancelled')) },
          });
          checkout.open();
        });
      }
      return call(api.POST('/api/v1/payments/verify', { body: result }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['engagement', engagement.id] }),
  });
  const payments = useQuery({
    queryKey: ['engagement', engagement.id, 'payments', engagement.paymentStatus],
    queryFn: () => call(api.GET('/api/v1/payments', { params: { query: { limit: 200 } } })),
  });
  const mine = payments.data?.filter((p) => p.engagementId === engagement.id) ?? [];
  const captured = mine.find((p) => p.status === 'CAPTURED');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs"><Text fw={700}>Payment</Text><Badge color={engagement.paymentStatus === 'PAID' ? 'green' : 'gray'} data-testid="payment-status">{engagement.paymentStatus}</Badge></Group>
        {captured && <Text size="sm">{paiseToRupees(captured.amount)} captured {dateTime(captured.capturedAt)} · order {captured.gatewayOrderId} · payment {captured.gatewayPaymentId}</Text>}
        {engagement.paymentStatus === 'UNPAID' && (canPay ? (
          <Group>
            {nobodyCanSign && <Text size="sm" c="red.9" data-testid="pay-blocked">No member of the firm holds {engagement.signatory!.needs}, so payment is refused until one does.</Text>}
            {!review.data && (
              <Button onClick={() => review.mutate()} loading={review.isPending} disabled={engagement.status === 'FAILED' || nobodyCanSign}>
                {mine[0]?.gatewayOrderId.startsWith('order_sbx_') !== false ? 'Pay (sandbox)' : 'Pay'}
              </Button>
            )}
            <Text size="xs" c="gray.7">Sign-off (Gate 3) needs payment.</Text>
          </Group>
        ) : <Text size="sm" c="gray.7">Paying needs the VALUER or ADMIN role.</Text>)}
        {engagement.paymentStatus === 'UNPAID' && canPay && review.data && (
          <PaymentConfirmation payment={review.data} engagement={engagement}
            onConfirm={() => pay.mutate()} onCancel={() => review.reset()} paying={pay.isPending} />
        )}
        <FormError error={review.error ?? pay.error} title="Payment not completed" />
      </Stack>
    </Paper>
  );
}

/** What the payment covers, the GST in it and the total, before any money moves (docs/decisions.md, Tax invoices). */
function PaymentConfirmation({ payment, engagement, onConfirm, onCancel, paying }: {
  payment: Schemas['Payment']; engagement: Engagement; onConfirm: () => void; onCancel: () => void; paying: boolean;
}) {
  // The amount includes GST, as the order states it; the tax invoice splits it into CGST + SGST or IGST by the firm's state.
  const { gst } = payment;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="payment-confirmation">
      <Stack gap={4}>
        <Text size="sm">The valuation report for <b>{engagement.targetEntity}</b>, signed and certified on completion.</Text>
        <Table aria-label="Payment">
          <Table.Tbody>
            <Table.Tr><Table.Th scope="row">Fee</Table.Th><Table.Td ta="right">{paiseToRupees(gst.taxablePaise)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th scope="row">GST at {gst.ratePercent}%</Table.Th><Table.Td ta="right">{paiseToRupees(gst.taxPaise)}</Table.Td></Table.Tr>
            <Table.Tr><Table.Th scope="row">Total</Table.Th><Table.Td ta="right" fw={700} data-testid="payment-total">{paiseToRupees(payment.amount)}</Table.Td></Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="gray.7">A tax invoice is issued when the payment is captured (Payments page).</Text>
        <Group><Button onClick={onConfirm} loading={paying}>Confirm and pay</Button><Button variant="default" onClick={onCancel} disabled={paying}>Cancel</Button></Group>
      </Stack>
    </Paper>
  );
}

function Report({ engagement }: { engagement: Engagement }) {
  const status = useQuery({
    queryKey: ['engagement', engagement.id, 'report', engagement.status],
    queryFn: () => call(api.GET('/api/v1/engagements/{id}/report/status', { params: { path: { id: engagement.id } } })),
    refetchInterval: (q) => (q.state.data?.status === 'GENERATING' ? 1500 : false),
  });
  const [preview, setPreview] = useState<string>();
  const pdf = useMutation({
    mutationFn: async () => {
      const { data, response } = await api.GET('/api/v1/engagements/{id}/report', { params: { path: { id: engagement.id } }, parseAs: 'blob' });
      if (!response.ok || !data) throw new Error(`The report could not be fetched (${response.status})`);
      return { blob: data as unknown as Blob, kind: response.headers.get('x-report-kind') ?? '' };
    },
  });
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);
  const s = status.data;
  const fileName = `valuation-report-${engagement.id}-${s?.kind?.toLowerCase() ?? 'draft'}.pdf`;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700}>Report</Text>
          {s?.kind && <Badge color={s.kind === 'FINAL' ? 'green' : 'yellow'} data-testid="report-kind">{s.kind}</Badge>}
          <Badge color="gray.8">{s?.status ?? '…'}</Badge>
        </Group>
        {s?.status === 'READY' ? (
          <>
            <Text size="sm">{s.kind === 'FINAL' ? (engagement.issuedCopy === 'SIGNED_COPY' ? 'FINAL report, the copy signed with the partner\'s DSC' : 'FINAL report, sealed with the firm\'s PDF signature') : 'DRAFT (watermarked, unsigned)'} · generated {dateTime(s.generatedAt)}</Text>
            <Group>
              <Button variant="default" onClick={() => pdf.mutateAsync().then((r) => setPreview(URL.createObjectURL(r.blob)))} loading={pdf.isPending}>Preview</Button>
              <Button onClick={() => pdf.mutateAsync().then((r) => saveBlob(r.blob, fileName))}>Download PDF</Button>
            </Group>
            {preview && <iframe src={preview} title="Report preview" style={{ width: '100%', height: 640, border: '1px solid #ced4da' }} />}
          </>
        ) : s?.status === 'FAILED' ? (
          <Alert color="red">The report could not be rendered: {s.error}</Alert>
        ) : (
          <Text size="sm" c="gray.7">{s?.status === 'GENERATING' ? 'Rendering…' : 'A DRAFT is rendered at Gate 1, the signed FINAL at completion.'}</Text>
        )}
        <FormError error={pdf.error} title="Report" />
      </Stack>
    </Paper>
  );
}

type SignedCopy = Schemas['SignedCopy'];

/**
 * The partner's own DSC on the sealed FINAL: whether it is awaited, the upload of the copy their signing
 * software saved (the signatory or an ADMIN), the signed copies with their signers and warnings, the sealed
 * original, and the ADMIN's choice to issue the sealed copy as it is.
 */
function PartnerSignature({ engagement, me, events }: { engagement: Engagement; me: Me | undefined; events: AuditEvent[] }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const copies = useQuery({
    queryKey: ['engagement', engagement.id, 'signed-copies', engagement.issuedCopy],
    queryFn: () => call(api.GET('/api/v1/engagements/{id}/report/signed-copies', { params: { path: { id: engagement.id } } })),
  });
  const signatoryId = [...events].reverse().find((e) => e.action === gateApprovalAction('GATE_3'))?.actor.id;
  const canUpload = me?.kind === 'user' && (me.role === 'ADMIN' || (signatoryId !== undefined && me.user?.id === signatoryId));
  const refresh = () => client.invalidateQueries({ queryKey: ['engagement', engagement.id] });
  const upload = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f, f.name);
      return call(api.PUT('/api/v1/engagements/{id}/report/signed-copy', { params: { path: { id: engagement.id } }, body: form as never }));
    },
    onSuccess: () => { setFile(null); return refresh(); },
  });
  const issueSealed = useMutation({
    mutationFn: () => call(api.POST('/api/v1/engagements/{id}/report/issue-sealed', { params: { path: { id: engagement.id } } })),
    onSuccess: refresh,
  });
  const sealed = useMutation({
    mutationFn: async () => {
      const { data, response } = await api.GET('/api/v1/engagements/{id}/report', { params: { path: { id: engagement.id }, query: { copy: 'sealed' } }, parseAs: 'blob' });
      if (!response.ok || !data) throw new Error(`The sealed FINAL could not be fetched (${response.status})`);
      return data as unknown as Blob;
    },
    onSuccess: (blob) => saveBlob(blob, `valuation-report-${engagement.id}-final-sealed.pdf`),
  });
  const latest: SignedCopy | undefined = upload.data ?? copies.data?.[0];
  return (
    <Paper withBorder p="md" radius="md" data-testid="partner-signature">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={700}>The partner's digital signature (DSC)</Text>
          {engagement.awaitingPartnerSignature
            ? <Badge color="yellow" data-testid="issue-state">Awaiting the partner's signature</Badge>
            : <Badge color="green" data-testid="issue-state">{engagement.issuedCopy === 'SIGNED_COPY' ? 'Issued: the copy signed with the partner\'s DSC' : 'Issued: the sealed copy'}</Badge>}
        </Group>
        <Text size="sm">
          The FINAL is sealed with the firm's PDF signature. Download the sealed FINAL, sign it with your DSC in your own PDF software (it appends your
          signature and changes nothing else), and upload what your software saved. The signed copy then becomes the client's download.
        </Text>
        <Group>
          <Button variant="default" onClick={() => sealed.mutate()} loading={sealed.isPending}>Download the sealed FINAL</Button>
        </Group>
        {canUpload ? (
          <Group align="end">
            <FileInput label="Signed copy (PDF)" accept="application/pdf" value={file} onChange={setFile} clearable clearButtonProps={{ 'aria-label': 'Clear the chosen file' }} w={320} data-testid="signed-copy-input" />
            <Button onClick={() => file && upload.mutate(file)} disabled={!file} loading={upload.isPending}>Upload signed copy</Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">Only the partner who signed off the report, or an ADMIN, uploads the signed copy.</Text>
        )}
        <FormError error={upload.error} title="Signed copy refused" />
        {upload.isSuccess && <Alert color="green" role="status">Signed copy accepted: it is now the copy issued to the client.</Alert>}
        {latest && latest.warnings.length > 0 && (
          <Alert color="yellow" title="Check the signer" data-testid="signed-copy-warnings">
            {latest.warnings.map((w) => <Text key={w} size="sm">{w}</Text>)}
          </Alert>
        )}
        {(copies.data?.length ?? 0) > 0 && (
          <ScrollX minWidth={560}>
            <Table aria-label="Signed copies" striped data-testid="signed-copies">
              <Table.Thead><Table.Tr><Table.Th>Uploaded</Table.Th><Table.Th>Signed by</Table.Th><Table.Th>Issuer</Table.Th><Table.Th>Signing time</Table.Th><Table.Th>Valid</Table.Th></Table.Tr></Table.Thead>
              <Table.Tbody>
                {copies.data!.flatMap((c) => c.signatures.map((sig, i) => (
                  <Table.Tr key={`${c.id}-${i}`}>
                    <Table.Td>{dateTime(c.uploadedAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{sig.commonName ?? sig.subject}<Text size="xs" c="gray.7">serial {sig.serialNumber}, valid to {dateTime(sig.notAfter)}</Text></Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{sig.issuer}</Table.Td>
                    <Table.Td>{sig.signingTime ? dateTime(sig.signingTime) : 'not stated'}</Table.Td>
                    <Table.Td>{sig.valid ? 'Yes' : 'No'}</Table.Td>
                  </Table.Tr>
                )))}
              </Table.Tbody>
            </Table>
          </ScrollX>
        )}
        {engagement.awaitingPartnerSignature && me?.kind === 'user' && me.role === 'ADMIN' && (
          <Group>
            <Button variant="default" color="gray" onClick={() => issueSealed.mutate()} loading={issueSealed.isPending}>Issue the sealed copy without a DSC</Button>
          </Group>
        )}
        <FormError error={issueSealed.error ?? sealed.error} title="Not done" />
      </Stack>
    </Paper>
  );
}

/** The firm's internal record of the reviews: what the reviewers wrote stays here, never in the client's report. */
function ReviewRecord({ engagement }: { engagement: Engagement }) {
  const download = useMutation({
    mutationFn: async () => {
      const { data, response } = await api.GET('/api/v1/engagements/{id}/review-record.pdf', { params: { path: { id: engagement.id } }, parseAs: 'blob' });
      if (!response.ok || !data) throw new Error('The review record could not be made');
      return data as Blob;
    },
    onSuccess: (blob) => saveBlob(blob, `review-record-${engagement.id}.pdf`),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={700}>Review record (internal)</Text>
        <Text size="sm" c="gray.7">Every round, gate decision, comment and reason, and each version of the assumptions. For the firm's quality control: it is not part of the client's report.</Text>
        <Group>
          <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>Download review record</Button>
        </Group>
        <FormError error={download.error} title="Not downloaded" />
      </Stack>
    </Paper>
  );
}
