// Payments (docs/decisions.md, Payments): gateway orders per engagement, signature-verified capture from the checkout
// callback or the gateway webhook, and one `payment.captured` event whichever path captures first.
// Gateway HTTP calls happen outside transactions; every state change is one transaction.
import { payRefusal } from '../review/review-rights.service.js';
import { notifyPaymentCaptured } from '../notifications/notifications.service.js';
import type { RecordResponse } from '../platform/idempotency.service.js';
import { AUDIT } from '../../contract/audit-actions.js';
import type { RequestTag, ServiceContext } from '../platform/service-context.js';
import { actorOf, requestActor } from '../platform/service-context.js';
import type { Executor } from '../../db/client.js';
import type { Principal } from '../../domain/identity/roles.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { GatewayError, SandboxGateway, type SandboxCheckout } from '../../integrations/gateway/index.js';
import * as repo from './payments.repository.js';
import * as engagements from '../engagements/engagements.repository.js';
import { insertAudit, type Actor, SYSTEM_ACTOR } from '../platform/audit.repository.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { writeEngagementEvent } from '../engagements/engagement-transitions.service.js';
import type { Config } from '../../config.js';
import { getAssumptions, getFinancials, getValuation } from '../valuation/valuation-data.repository.js';
import { listActiveMemberRegistrations } from '../identity/users.repository.js';
import { amountCharged, gstIncluded } from '../../contract/gst.js';
import {
  IBC_CLASS_NAMES,
  adoptedMethods,
  plannedMethods,
  qualifyingRegistrations,
  signatoryRequirement,
  unsignableIbcClasses,
} from '../../domain/identity/signatory.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import type { Statute, ValuationResult } from '../../domain/valuation/types.js';
import { issueInvoice } from './payment-invoices.service.js';

export function publicPayment(p: repo.PaymentRow, gatewayKeyId: string, gstRatePercent: number) {
  return {
    id: p.id,
    engagementId: p.engagement_id,
    gatewayOrderId: p.gateway_order_id,
    gatewayPaymentId: p.gateway_payment_id,
    amount: p.amount_paise,
    // The amount charged is the invoice total, GST included (docs/decisions.md, Tax invoices): what the
    // console shows before paying, split back into the fee and its GST.
    gst: { ratePercent: gstRatePercent, ...gstIncluded(Number(p.amount_paise), gstRatePercent) },
    currency: p.currency,
    status: p.status,
    gatewayKeyId,
    createdAt: p.created_at.toISOString(),
    capturedAt: p.captured_at?.toISOString() ?? null,
  };
}
export type PublicPayment = ReturnType<typeof publicPayment>;

/**
 * The amount charged for an engagement under `statute`, in paise: its configured fee plus GST when
 * FEE_GST_MODE is exclusive (the default), the fee itself when inclusive; equal to the invoice total.
 */
export const chargeFor = (config: Config, statute: string): number =>
  amountCharged(priceFor(config, statute), config.GST_RATE_PERCENT, config.FEE_GST_MODE);

/** The configured fee of an engagement under `statute`, in paise. */
export function priceFor(config: Config, statute: string): number {
  const value = (config as unknown as Record<string, unknown>)[`PRICE_${statute}_PAISE`];
  if (typeof value !== 'number') throw new AppError('price_missing', `No price is configured for ${statute}`);
  return value;
}

const alreadyPaid = () => conflict('already_paid', 'This engagement has already been paid');

/**
 * No money moves for a report nobody in the firm may sign: 409 no_qualified_signatory naming the
 * registration, decided by the methods the conclusion adopts (or, before the computation, the statute).
 */
async function requireSomeoneCanSign(
  tx: Executor,
  firmId: string,
  engagement: {
    id: string;
    statute: string;
    purpose: string | null;
    valuation_date: string;
    transaction_date?: string | null;
  },
): Promise<void> {
  const valuation = await getValuation<ValuationResult>(tx, firmId, engagement.id);
  // Before the computation, the methods the conclusion will adopt follow from the statute, purpose,
  // transaction date and any weights already locked.
  const methods = valuation
    ? adoptedMethods(valuation.result)
    : plannedMethods(
        engagement.statute as Statute,
        engagement.purpose,
        engagement.transaction_date ?? engagement.valuation_date,
        (await getAssumptions(tx, firmId, engagement.id))?.method_weights,
      );
  const req = signatoryRequirement(engagement.statute as Statute, methods);
  const members = await listActiveMemberRegistrations(tx, firmId);
  if (!members.some((m) => qualifyingRegistrations(req, m.registrations).length > 0)) {
    throw conflict(
      'no_qualified_signatory',
      `${req.rule} needs the report signed by ${req.needs}, and no member of the firm holds that registration yet; add it to a partner's profile before paying`,
    );
  }
  // IBC: each asset class's estimate is signed by a valuer registered for that class (the sign-off asks it
  // of the member named for each class); once the assets are known, someone must hold each class.
  if (engagement.statute === 'IBC_LIQUIDATION') {
    const assets =
      (await getFinancials<NormalisedFinancials>(tx, firmId, engagement.id))?.data.liquidation?.assets ?? [];
    const missing = unsignableIbcClasses(
      assets.map((a) => a.assetClass),
      members,
    ).map((c) => IBC_CLASS_NAMES[c]);
    if (missing.length > 0) {
      throw conflict(
        'no_qualified_signatory',
        `IBC: the ${missing.join(' and the ')} estimate${missing.length > 1 ? 's' : ''} must be signed by a valuer registered with IBBI for that class, and no member of the firm holds such a registration yet; add it to a member's profile before paying`,
      );
    }
  }
}

export async function createPayment(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  requestId?: RequestTag,
  record?: RecordResponse<PublicPayment>,
): Promise<PublicPayment> {
  const keyId = ctx.gateway.keyId;
  const existing = await ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId);
    const open = await repo.getOpenPayment(tx, principal.firmId, engagementId);
    const refused = payRefusal(principal, open?.status === 'CAPTURED' ? 'PAID' : engagement.payment_status);
    if (refused) throw refused;
    await requireSomeoneCanSign(tx, principal.firmId, engagement);
    const answer = open ? publicPayment(open, keyId, ctx.config.GST_RATE_PERCENT) : undefined;
    if (answer) await record?.(tx, answer);
    return { engagement, answer };
  });
  if (existing.answer) return existing.answer;

  const id = newId('pay');
  const amountPaise = chargeFor(ctx.config, existing.engagement.statute);
  let order;
  try {
    // The payment id is the receipt: at most 40 characters and unique per attempt.
    order = await ctx.gateway.createOrder({
      amountPaise,
      currency: 'INR',
      receipt: id,
      notes: { engagement_id: engagementId, firm_id: principal.firmId },
    });
  } catch (err) {
    if (err instanceof GatewayError) {
      ctx.log.warn(
        { gatewayStatus: err.gatewayStatus, gatewayCode: err.gatewayCode, engagementId },
        'payment gateway refused the order',
      );
      throw new AppError('gateway_error', `The payment gateway could not create the order: ${err.gatewayDescription}`);
    }
    throw err;
  }

  const actor = actorOf(principal, requestId);
  return ctx.db.transaction(async (tx) => {
    const engagement = await requireEngagement(tx, principal.firmId, engagementId);
    const inserted = await repo.insertPayment(tx, {
      id,
      firmId: principal.firmId,
      engagementId,
      gateway: ctx.gateway.kind,
      gatewayOrderId: order.orderId,
      amountPaise,
      currency: 'INR',
      receipt: id,
      createdBy: actor.id!,
    });
    if (!inserted) {
      // Another request created the open order first: answer with that one.
      const winner = await repo.getOpenPayment(tx, principal.firmId, engagementId);
      if (!winner || winner.status === 'CAPTURED') throw alreadyPaid();
      const answer = publicPayment(winner, keyId, ctx.config.GST_RATE_PERCENT);
      await record?.(tx, answer);
      return answer;
    }
    if (engagement.payment_status === 'PAID') throw alreadyPaid();
    await insertAudit(tx, principal.firmId, actor, {
      action: AUDIT.paymentCreated,
      engagementId,
      details: { paymentId: id, gatewayOrderId: order.orderId, amountPaise, currency: 'INR' },
    });
    const answer = publicPayment(inserted, keyId, ctx.config.GST_RATE_PERCENT);
    await record?.(tx, answer);
    return answer;
  });
}

export async function listPayments(ctx: ServiceContext, principal: Principal, limit: number, cursor?: string) {
  return (await repo.listPayments(ctx.db, principal.firmId, limit, cursor)).map((p) => ({
    ...publicPayment(p, ctx.gateway.keyId, ctx.config.GST_RATE_PERCENT),
    targetEntity: p.target_entity,
    invoice: p.invoice && {
      number: p.invoice.number,
      taxablePaise: Number(p.invoice.taxable_paise),
      cgstPaise: Number(p.invoice.cgst_paise),
      sgstPaise: Number(p.invoice.sgst_paise),
      igstPaise: Number(p.invoice.igst_paise),
      totalPaise: Number(p.invoice.total_paise),
    },
  }));
}

type CaptureOutcome =
  | { kind: 'captured' | 'already_captured'; payment: repo.PaymentRow }
  | { kind: 'duplicate_event' }
  | { kind: 'conflict'; payment: repo.PaymentRow };

/**
 * The one capture path, for the checkout callback and the gateway webhook alike: in ONE transaction,
 * locks the payment row, and only if it is not captured yet marks it CAPTURED, the engagement PAID,
 * writes the audit entry and the `payment.captured` outbox event. Never moves a captured payment back.
 */
async function capturePayment(
  ctx: ServiceContext,
  paymentId: string,
  gatewayPaymentId: string,
  actor: Actor,
  source: 'verify' | 'webhook',
  gatewayEventId?: string,
): Promise<CaptureOutcome> {
  return ctx.db.transaction(async (tx: Executor) => {
    if (gatewayEventId !== undefined && !(await repo.recordGatewayEvent(tx, gatewayEventId)))
      return { kind: 'duplicate_event' as const };
    const current = await repo.lockPayment(tx, paymentId);
    if (!current) throw notFound('Payment');
    if (current.status === 'CAPTURED') {
      return current.gateway_payment_id === gatewayPaymentId
        ? { kind: 'already_captured' as const, payment: current }
        : { kind: 'conflict' as const, payment: current };
    }
    if (current.status === 'FAILED') return { kind: 'conflict' as const, payment: current };
    const captured = await repo.markCaptured(tx, current.id, gatewayPaymentId);
    await issueInvoice(ctx, tx, captured);
    await requireEngagement(tx, current.firm_id, current.engagement_id, true);
    await engagements.setPaymentStatus(tx, current.firm_id, current.engagement_id, 'PAID');
    await insertAudit(tx, current.firm_id, actor, {
      action: AUDIT.paymentCaptured,
      engagementId: current.engagement_id,
      details: {
        paymentId: current.id,
        gatewayOrderId: current.gateway_order_id,
        gatewayPaymentId,
        amountPaise: current.amount_paise,
        source,
      },
    });
    await notifyPaymentCaptured(
      tx,
      current.firm_id,
      current.engagement_id,
      current.id,
      current.amount_paise,
      actor.type === 'SYSTEM' ? null : actor.id,
    );
    await writeEngagementEvent(tx, current.firm_id, current.engagement_id, 'payment.captured', {
      payment: publicPayment(captured, ctx.gateway.keyId, ctx.config.GST_RATE_PERCENT),
    });
    return { kind: 'captured' as const, payment: captured };
  });
}

export async function verifyPayment(
  ctx: ServiceContext,
  principal: Principal,
  input: { gateway_order_id: string; gateway_payment_id: string; gateway_signature: string },
  requestId?: RequestTag,
): Promise<PublicPayment> {
  const payment = await repo.getPaymentByOrderId(ctx.db, principal.firmId, input.gateway_order_id);
  if (!payment) throw notFound('Payment order');
  // The stored order id, never the caller's (Razorpay's own advice).
  if (
    !ctx.gateway.verifyPaymentSignature(payment.gateway_order_id, input.gateway_payment_id, input.gateway_signature)
  ) {
    throw badRequest('invalid_signature', 'The payment signature does not match this order');
  }
  const outcome = await capturePayment(
    ctx,
    payment.id,
    input.gateway_payment_id,
    actorOf(principal, requestId),
    'verify',
  );
  if (outcome.kind === 'conflict') {
    throw conflict(
      'payment_conflict',
      outcome.payment.status === 'FAILED'
        ? 'This payment order has failed'
        : 'This order was already captured with a different payment',
    );
  }
  if (outcome.kind === 'duplicate_event') throw new Error('unreachable');
  return publicPayment(outcome.payment, ctx.gateway.keyId, ctx.config.GST_RATE_PERCENT);
}

interface GatewayWebhookBody {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; status?: unknown } };
    order?: { entity?: { id?: unknown } };
  };
}

/** A signed gateway webhook: captures on payment.captured / order.paid, ignores everything else. */
export async function handleGatewayWebhook(
  ctx: ServiceContext,
  rawBody: Buffer,
  signature: string | undefined,
  eventId: string | undefined,
  requestId?: RequestTag,
): Promise<{ received: true; outcome: string }> {
  if (!ctx.gateway.verifyWebhookSignature(rawBody, signature)) {
    throw badRequest('invalid_signature', 'The gateway webhook signature does not match the body');
  }
  let body: GatewayWebhookBody;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as GatewayWebhookBody;
  } catch {
    throw badRequest('malformed_json', 'The request body is not valid JSON');
  }
  const event = typeof body?.event === 'string' ? body.event : '';
  if (event !== 'payment.captured' && event !== 'order.paid') return { received: true, outcome: 'ignored' };
  const entity = body.payload?.payment?.entity;
  const orderId =
    typeof entity?.order_id === 'string'
      ? entity.order_id
      : typeof body.payload?.order?.entity?.id === 'string'
        ? body.payload.order.entity.id
        : undefined;
  const gatewayPaymentId = typeof entity?.id === 'string' ? entity.id : undefined;
  if (!orderId || !gatewayPaymentId) return { received: true, outcome: 'ignored' };
  const payment = await repo.getPaymentByOrderId(ctx.db, null, orderId);
  if (!payment) {
    ctx.log.warn({ orderId, event }, 'gateway webhook for an unknown order');
    return { received: true, outcome: 'unknown_order' };
  }
  const outcome = await capturePayment(
    ctx,
    payment.id,
    gatewayPaymentId,
    requestActor(SYSTEM_ACTOR, requestId),
    'webhook',
    eventId || undefined,
  );
  if (outcome.kind === 'conflict') {
    ctx.log.warn(
      { paymentId: payment.id, gatewayPaymentId },
      'gateway webhook captures a different payment for a captured order; ignored',
    );
  }
  return { received: true, outcome: outcome.kind };
}

/** Sandbox only: what a real checkout would hand the browser for this order. */
export async function sandboxPay(ctx: ServiceContext, gatewayOrderId: string): Promise<SandboxCheckout> {
  if (!(ctx.gateway instanceof SandboxGateway)) throw notFound('Route');
  const payment = await repo.getPaymentByOrderId(ctx.db, null, gatewayOrderId);
  if (!payment) throw notFound('Payment order');
  return ctx.gateway.simulateCheckout(payment.gateway_order_id);
}
