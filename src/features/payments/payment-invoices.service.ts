// Tax invoices: issued in the capture's transaction, read back as a PDF.
import type { ServiceContext } from '../platform/service-context.js';
import type { Executor } from '../../db/client.js';
import type { Principal } from '../../domain/identity/roles.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './payments.repository.js';
import * as engagements from '../engagements/engagements.repository.js';
import { getFirm } from '../identity/users.repository.js';
import * as invoices from './invoices.repository.js';
import { financialYearLabel, gstSplit, invoiceNumber, stateOfGstin } from '../../contract/gst.js';
import { renderInvoice } from '../../reports/invoice.js';
import { todayInIndia } from '../engagements/engagement-reads.service.js';
import { gstr1B2bCsv } from '../../domain/payments/gstr1-export.js';

/**
 * The tax invoice for a captured payment, in the capture's transaction: the next number of the financial
 * year's gap-free series, GST split by place of supply (docs/decisions.md, Tax invoices).
 */
export async function issueInvoice(ctx: ServiceContext, tx: Executor, payment: repo.PaymentRow): Promise<void> {
  const firm = (await getFirm(tx, payment.firm_id))!;
  const operatorState = ctx.config.OPERATOR_GSTIN
    ? stateOfGstin(ctx.config.OPERATOR_GSTIN)
    : ctx.config.OPERATOR_STATE_CODE;
  const recipientState = firm.gstin ? stateOfGstin(firm.gstin) : null;
  const split = gstSplit(Number(payment.amount_paise), operatorState, recipientState, ctx.config.GST_RATE_PERCENT);
  const financialYear = financialYearLabel(todayInIndia());
  const n = await invoices.nextInvoiceNumber(tx, financialYear);
  await invoices.insertInvoice(tx, {
    paymentId: payment.id,
    firmId: payment.firm_id,
    number: invoiceNumber(financialYear, n),
    financialYear,
    taxablePaise: split.taxablePaise,
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
    igstPaise: split.igstPaise,
    totalPaise: split.totalPaise,
    ratePercent: split.ratePercent,
    supplier: {
      name: ctx.config.OPERATOR_LEGAL_NAME,
      address: ctx.config.OPERATOR_ADDRESS ?? null,
      gstin: ctx.config.OPERATOR_GSTIN ?? null,
      state: operatorState,
    },
    recipient: {
      name: firm.legal_name ?? firm.name,
      address: firm.address,
      gstin: firm.gstin ?? null,
      state: recipientState,
    },
  });
}

/** The invoice of a captured payment as a PDF; 404 for another firm's payment or one not captured. */
export async function invoicePdf(
  ctx: ServiceContext,
  principal: Principal,
  paymentId: string,
): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await invoices.getInvoice(ctx.db, principal.firmId, paymentId);
  if (!invoice) throw notFound('Invoice');
  const payment = await repo.getPayment(ctx.db, principal.firmId, paymentId);
  const engagement = payment
    ? await engagements.findEngagementRow(ctx.db, principal.firmId, payment.engagement_id)
    : null;
  return {
    number: invoice.number,
    pdf: await renderInvoice({
      ...invoice,
      sacCode: ctx.config.INVOICE_SAC_CODE,
      engagement: engagement
        ? { id: engagement.id, targetEntity: engagement.target_entity, statute: engagement.statute }
        : null,
    }),
  };
}

/** Midnight in India (UTC+5:30 all year, no daylight saving) starting a YYYY-MM-DD date. */
const indiaMidnight = (date: string): Date => new Date(`${date}T00:00:00+05:30`);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The firm's tax invoices issued from `from` to `to`, both inclusive, by the date in India, as CSV in the
 * column order of GSTR-1's B2B table (docs/decisions.md, Tax invoices).
 */
export async function invoicesCsv(
  ctx: ServiceContext,
  principal: Principal,
  from: string,
  to: string,
): Promise<string> {
  const rows = await invoices.invoicesIssuedBetween(
    ctx.db,
    principal.firmId,
    indiaMidnight(from),
    new Date(indiaMidnight(to).getTime() + DAY_MS),
  );
  return gstr1B2bCsv(rows);
}
