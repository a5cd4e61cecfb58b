// Payment: the order and what it costs (fee, GST, total), then the sandbox checkout or the gateway's.
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call, type Schemas } from '../../api/client';
import { dateTime, paiseToRupees } from '../../lib/format';
import { FormError } from '../FormError';
import { downloadInvoice, GatewayReferences } from '../../lib/invoice';

type Engagement = Schemas['EngagementDetail'];

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

export function Payment({ engagement }: { engagement: Engagement }) {
  const payAnswer = engagement.myActions.actions.pay;
  const canPay = payAnswer.allowed;
  const nobodyCanSign = engagement.signatory !== undefined && engagement.signatory.qualifiedMembers.length === 0;
  const client = useQueryClient();
  // First the order (returned again, never duplicated) and what it costs; the money moves only on confirmation.
  const review = useMutation({
    mutationFn: () => call(api.POST('/api/v1/payments', { body: { engagementId: engagement.id } })),
  });
  const pay = useMutation({
    mutationFn: async () => {
      const order =
        review.data ?? (await call(api.POST('/api/v1/payments', { body: { engagementId: engagement.id } })));
      let result: Schemas['CheckoutResult'];
      if (order.gatewayOrderId.startsWith('order_sbx_')) {
        // Sandbox mode: the service's own checkout answers what a real one would, signed.
        result = await call(
          api.POST('/api/v1/payments/sandbox/pay', { body: { gateway_order_id: order.gatewayOrderId } }),
        );
      } else {
        await loadCheckout();
        result = await new Promise((resolve, reject) => {
          const checkout = new window.Razorpay!({
            key: order.gatewayKeyId,
            order_id: order.gatewayOrderId,
            amount: order.amount,
            currency: order.currency,
            name: 'Valuation Service',
            description: engagement.targetEntity,
            handler: (r: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
              resolve({
                gateway_order_id: r.razorpay_order_id,
                gateway_payment_id: r.razorpay_payment_id,
                gateway_signature: r.razorpay_signature,
              }),
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
        <Group gap="xs">
          <Text fw={700}>Payment</Text>
          <Badge
            color={engagement.paymentStatus === 'PAID' ? 'green' : 'gray'}
            data-testid="payment-status"
            data-status={engagement.paymentStatus}
            tt="none"
          >
            {engagement.paymentStatus === 'PAID' ? 'Paid' : 'Not paid'}
          </Badge>
        </Group>
        {captured && (
          <Group gap="sm">
            <Text size="sm">
              {paiseToRupees(captured.amount)} received {dateTime(captured.capturedAt)}
            </Text>
            <GatewayReferences order={captured.gatewayOrderId} payment={captured.gatewayPaymentId} />
            <Anchor component="button" type="button" size="sm" onClick={() => void downloadInvoice(captured.id)}>
              Tax invoice (PDF)
            </Anchor>
          </Group>
        )}
        {engagement.paymentStatus === 'UNPAID' &&
          (canPay ? (
            <Group>
              {nobodyCanSign && (
                <Text size="sm" c="red.9" data-testid="pay-blocked">
                  No member of the firm holds {engagement.signatory!.needs}, so payment is refused until one does.
                </Text>
              )}
              {!review.data && (
                <Button
                  onClick={() => review.mutate()}
                  loading={review.isPending}
                  disabled={engagement.status === 'FAILED' || nobodyCanSign}
                >
                  {mine[0]?.gatewayOrderId.startsWith('order_sbx_') !== false ? 'Pay (sandbox)' : 'Pay'}
                </Button>
              )}
              <Text size="xs" c="gray.7">
                Sign-off (Gate 3) needs payment.
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              {payAnswer.blockedBecause}.
            </Text>
          ))}
        {engagement.paymentStatus === 'UNPAID' && canPay && review.data && (
          <PaymentConfirmation
            payment={review.data}
            engagement={engagement}
            onConfirm={() => pay.mutate()}
            onCancel={() => review.reset()}
            paying={pay.isPending}
          />
        )}
        <FormError error={review.error ?? pay.error} title="Payment not completed" />
      </Stack>
    </Paper>
  );
}

/** What the payment covers, the GST in it and the total, before any money moves (docs/decisions.md, Tax invoices). */
function PaymentConfirmation({
  payment,
  engagement,
  onConfirm,
  onCancel,
  paying,
}: {
  payment: Schemas['Payment'];
  engagement: Engagement;
  onConfirm: () => void;
  onCancel: () => void;
  paying: boolean;
}) {
  // The amount includes GST, as the order states it; the tax invoice splits it into CGST + SGST or IGST by the firm's state.
  const { gst } = payment;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="payment-confirmation">
      <Stack gap={4}>
        <Text size="sm">
          The valuation report for <b>{engagement.targetEntity}</b>, signed and certified on completion.
        </Text>
        <Table aria-label="Payment">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Fee</Table.Th>
              <Table.Td ta="right">{paiseToRupees(gst.taxablePaise)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">GST at {gst.ratePercent}%</Table.Th>
              <Table.Td ta="right">{paiseToRupees(gst.taxPaise)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td ta="right" fw={700} data-testid="payment-total">
                {paiseToRupees(payment.amount)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="gray.7">
          A tax invoice is issued when the payment is captured (Payments page).
        </Text>
        <Group>
          <Button onClick={onConfirm} loading={paying}>
            Confirm and pay
          </Button>
          <Button variant="default" onClick={onCancel} disabled={paying}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
