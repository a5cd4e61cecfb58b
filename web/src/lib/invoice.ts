// The tax invoice of a captured payment, issued at capture (GET /api/v1/payments/{id}/invoice.pdf).
import { api } from '../api/client';
import { saveBlob } from './download';

export async function downloadInvoice(id: string): Promise<void> {
  const { data, response } = await api.GET('/api/v1/payments/{id}/invoice.pdf', {
    params: { path: { id } },
    parseAs: 'blob',
  });
  if (response.ok && data) saveBlob(data as unknown as Blob, `invoice-${id}.pdf`);
}
