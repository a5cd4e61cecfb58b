// The tax invoice of a captured payment, issued at capture (GET /api/v1/payments/{id}/invoice.pdf).
import { api } from '../api/client';
import { saveBlob } from './download';
import { dispositionName } from './document-open';

export async function downloadInvoice(id: string): Promise<void> {
  const { data, response } = await api.GET('/api/v1/payments/{id}/invoice.pdf', {
    params: { path: { id } },
    parseAs: 'blob',
  });
  // Named by the service by the invoice's number (Content-Disposition).
  const name = dispositionName(response.headers.get('content-disposition')) ?? 'Tax invoice.pdf';
  if (response.ok && data) saveBlob(data as unknown as Blob, name);
}

/** A payment's status as a person reads it. */
export const PAYMENT_STATUS_LABELS: Record<'CREATED' | 'CAPTURED' | 'FAILED', string> = {
  CREATED: 'Awaiting payment',
  CAPTURED: 'Received',
  FAILED: 'Failed',
};

/** The gateway's order and payment ids, for support, behind a "details" disclosure (never in the running text). */
export function GatewayReferences({ order, payment }: { order: string; payment?: string | null }) {
  return (
    <details>
      <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>Details</summary>
      <div style={{ fontFamily: 'monospace', fontSize: 12, overflowWrap: 'anywhere' }}>
        Gateway order {order}
        {payment ? ` · payment ${payment}` : ''}
      </div>
    </details>
  );
}
