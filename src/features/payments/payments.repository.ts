// Payments and processed gateway webhook events (docs/decisions.md, Payments).
import type { Executor } from '../../db/client.js';

export type PaymentStatus = 'CREATED' | 'CAPTURED' | 'FAILED';

export interface PaymentRow {
  id: string;
  firm_id: string;
  engagement_id: string;
  gateway: string;
  gateway_order_id: string;
  gateway_payment_id: string | null;
  amount_paise: number;
  currency: string;
  status: PaymentStatus;
  receipt: string;
  created_by: string;
  created_at: Date;
  captured_at: Date | null;
}

const COLUMNS = `id, firm_id, engagement_id, gateway, gateway_order_id, gateway_payment_id, amount_paise, currency, status, receipt,
  created_by, created_at, captured_at`;

/** Inserts a CREATED payment; null when another open payment for the engagement won the race. */
export async function insertPayment(
  tx: Executor,
  p: {
    id: string;
    firmId: string;
    engagementId: string;
    gateway: string;
    gatewayOrderId: string;
    amountPaise: number;
    currency: string;
    receipt: string;
    createdBy: string;
  },
): Promise<PaymentRow | null> {
  const rows = await tx.query<PaymentRow>(
    `INSERT INTO payments (id, firm_id, engagement_id, gateway, gateway_order_id, amount_paise, currency, status, receipt, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'CREATED', $8, $9)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [p.id, p.firmId, p.engagementId, p.gateway, p.gatewayOrderId, p.amountPaise, p.currency, p.receipt, p.createdBy],
  );
  return rows[0] ?? null;
}

/** The engagement's CREATED or CAPTURED payment, if any (the partial unique index allows one). */
export async function getOpenPayment(tx: Executor, firmId: string, engagementId: string): Promise<PaymentRow | null> {
  const rows = await tx.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE firm_id = $1 AND engagement_id = $2 AND status IN ('CREATED', 'CAPTURED')`,
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}

/** By gateway order id; firmId null means any firm (gateway webhooks and the sandbox carry no firm). */
export async function getPaymentByOrderId(
  tx: Executor,
  firmId: string | null,
  gatewayOrderId: string,
  lock = false,
): Promise<PaymentRow | null> {
  const rows = await tx.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE ($1::text IS NULL OR firm_id = $1) AND gateway_order_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [firmId, gatewayOrderId],
  );
  return rows[0] ?? null;
}

/** Locks the payment row: concurrent captures of one payment are serialised here. */
export async function lockPayment(tx: Executor, id: string): Promise<PaymentRow | null> {
  const rows = await tx.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

export async function markCaptured(tx: Executor, id: string, gatewayPaymentId: string): Promise<PaymentRow> {
  const rows = await tx.query<PaymentRow>(
    `UPDATE payments SET status = 'CAPTURED', gateway_payment_id = $2, captured_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, gatewayPaymentId],
  );
  return rows[0];
}

/** A listed payment's tax invoice: its number and figures in paise. */
export interface ListedInvoice {
  number: string;
  taxable_paise: number | string;
  cgst_paise: number | string;
  sgst_paise: number | string;
  igst_paise: number | string;
  total_paise: number | string;
}

export async function listPayments(
  tx: Executor,
  firmId: string,
  limit: number,
  beforeId?: string,
): Promise<(PaymentRow & { target_entity: string; invoice: ListedInvoice | null })[]> {
  // With the company each payment is for, so the list names it (the engagement is the firm's own, like the payment),
  // and a captured payment's tax invoice figures.
  return tx.query<PaymentRow & { target_entity: string; invoice: ListedInvoice | null }>(
    `SELECT ${COLUMNS},
            (SELECT e.target_entity FROM engagements e WHERE e.firm_id = payments.firm_id AND e.id = payments.engagement_id) AS target_entity,
            (SELECT json_build_object('number', i.number, 'taxable_paise', i.taxable_paise, 'cgst_paise', i.cgst_paise,
                    'sgst_paise', i.sgst_paise, 'igst_paise', i.igst_paise, 'total_paise', i.total_paise)
               FROM invoices i WHERE i.firm_id = payments.firm_id AND i.payment_id = payments.id) AS invoice
       FROM payments WHERE firm_id = $1 AND ($2::text IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
    [firmId, beforeId ?? null, limit],
  );
}

/** Records a gateway webhook event id; false when it was already processed. */
export async function recordGatewayEvent(tx: Executor, eventId: string): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO gateway_events (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`,
    [eventId],
  );
  return rows.length === 1;
}

export async function getPayment(tx: Executor, firmId: string, id: string): Promise<PaymentRow | null> {
  const rows = await tx.query<PaymentRow>('SELECT * FROM payments WHERE firm_id = $1 AND id = $2', [firmId, id]);
  return rows[0] ?? null;
}
