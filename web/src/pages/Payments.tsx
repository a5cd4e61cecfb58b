// The firm's payment history: engagement, amount in ₹, status, gateway order and payment ids, captured time, and
// each captured payment's tax invoice figures; a period's invoices as CSV for the firm's GST return.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, call } from '../api/client';
import { dateTime, paiseToRupees } from '../lib/format';
import { FormError } from '../components/FormError';
import { DateText } from '../components/DateField';
import { downloadInvoice, GatewayReferences, PAYMENT_STATUS_LABELS } from '../lib/invoice';
import { DataTable } from '../components/DataTable';
import { PageTitle } from '../components/PageTitle';
import { saveBlob } from '../lib/download';
import { todayInIndia } from '../../../src/contract/today';

/** The period's tax invoices as CSV in GSTR-1 B2B column order (GET /api/v1/payments/export.csv). */
async function downloadInvoicesCsv(from: string, to: string): Promise<string | null> {
  const { data, error, response } = await api.GET('/api/v1/payments/export.csv', {
    params: { query: { from, to } },
    parseAs: 'blob',
  });
  if (response.ok && data) {
    saveBlob(data as unknown as Blob, `Tax invoices ${from} to ${to}.csv`);
    return null;
  }
  const errors = (error as { errors?: { message: string }[] } | undefined)?.errors;
  return errors?.[0]?.message ?? 'The export could not be made; please check the dates';
}

/** From and to (inclusive, dates in India), this month so far by default, and the CSV download. */
function InvoiceExport() {
  const today = todayInIndia();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Group align="flex-end" gap="sm">
      <DateText label="Invoices from" value={from} max={to} onChange={setFrom} w={170} />
      <DateText label="to" value={to} min={from} onChange={setTo} w={170} />
      <Button variant="default" onClick={() => void downloadInvoicesCsv(from, to).then(setProblem)}>
        Download CSV for GSTR (B2B)
      </Button>
      {problem && (
        <Text c="red.8" size="sm" role="alert">
          {problem}
        </Text>
      )}
    </Group>
  );
}

const money = (paise: number | undefined) => (paise === undefined ? '—' : paiseToRupees(paise));

export function PaymentsPage() {
  const payments = useQuery({
    queryKey: ['payments'],
    queryFn: () => call(api.GET('/api/v1/payments', { params: { query: { limit: 200 } } })),
  });
  return (
    <Stack>
      <PageTitle>Payments</PageTitle>
      <FormError error={payments.error} />
      <InvoiceExport />
      {payments.data?.length === 0 && <Text c="gray.7">No payments yet.</Text>}
      <DataTable
        label="Payments"
        minWidth={1280}
        columns={[
          'Company',
          { label: 'Amount', ta: 'right' },
          'Status',
          'Captured',
          'Gateway references',
          'Invoice',
          ...INVOICE_FIGURES.map(([label]) => ({ label, ta: 'right' as const })),
        ]}
      >
        {payments.data?.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>
              <Anchor component={Link} to={`/engagements/${p.engagementId}?tab=review`}>
                {p.targetEntity ?? p.engagementId}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right" ff="monospace" data-testid="payment-amount">
              {paiseToRupees(p.amount)}
            </Table.Td>
            <Table.Td>
              <Badge color={p.status === 'CAPTURED' ? 'green.8' : p.status === 'FAILED' ? 'red.8' : 'gray.7'} tt="none">
                {PAYMENT_STATUS_LABELS[p.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{dateTime(p.capturedAt)}</Table.Td>
            <Table.Td>
              <GatewayReferences order={p.gatewayOrderId} payment={p.gatewayPaymentId} />
            </Table.Td>
            <Table.Td>
              {p.status === 'CAPTURED' ? (
                <Anchor component="button" type="button" size="sm" onClick={() => void downloadInvoice(p.id)}>
                  {p.invoice?.number ?? 'Tax invoice'} (PDF)
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
            {INVOICE_FIGURES.map(([, key]) => (
              <Table.Td key={key} ta="right" ff="monospace">
                {money(p.invoice?.[key])}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

/** The invoice's figures the list shows, as the tax invoice states them. */
const INVOICE_FIGURES = [
  ['Taxable value', 'taxablePaise'],
  ['CGST', 'cgstPaise'],
  ['SGST', 'sgstPaise'],
  ['IGST', 'igstPaise'],
  ['Invoice total', 'totalPaise'],
] as const;
