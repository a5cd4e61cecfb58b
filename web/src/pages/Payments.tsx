// The firm's payment history: engagement, amount in ₹, status, gateway order and payment ids, captured time.
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api, call } from '../api/client';
import { dateTime, paiseToRupees } from '../lib/format';
import { FormError } from '../components/FormError';
import { downloadInvoice, GatewayReferences, PAYMENT_STATUS_LABELS } from '../lib/invoice';
import { DataTable } from '../components/DataTable';
import { PageTitle } from '../components/PageTitle';

export function PaymentsPage() {
  const payments = useQuery({
    queryKey: ['payments'],
    queryFn: () => call(api.GET('/api/v1/payments', { params: { query: { limit: 200 } } })),
  });
  return (
    <Stack>
      <PageTitle>Payments</PageTitle>
      <FormError error={payments.error} />
      {payments.data?.length === 0 && <Text c="gray.7">No payments yet.</Text>}
      <DataTable
        label="Payments"
        minWidth={940}
        columns={['Company', { label: 'Amount', ta: 'right' }, 'Status', 'Captured', 'Gateway references', 'Invoice']}
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
                  Tax invoice (PDF)
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
