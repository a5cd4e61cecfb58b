// Payment request and response shapes (docs/decisions.md, Payments).
import { z } from 'zod';
import { isoDateTime } from './common.js';

export const paymentSchema = z
  .object({
    id: z.string().describe('pay_…'),
    engagementId: z.string(),
    targetEntity: z.string().optional().describe('In the list: the company the engagement values'),
    gatewayOrderId: z.string().describe('The gateway order to open the checkout with'),
    gatewayPaymentId: z.string().nullable().describe('Set once captured'),
    amount: z.number().int().describe('Integer paise (₹1 = 100), GST included'),
    gst: z
      .object({ ratePercent: z.number().int(), taxablePaise: z.number().int(), taxPaise: z.number().int() })
      .describe(
        'The GST in the amount: taxable value = amount × 100 / (100 + rate), half-up to the paisa, ' +
          'and the tax, the rest (the tax invoice splits it into CGST + SGST or IGST)',
      ),
    invoice: z
      .object({
        number: z.string().describe('VS/2026-27/000001'),
        taxablePaise: z.number().int(),
        cgstPaise: z.number().int(),
        sgstPaise: z.number().int(),
        igstPaise: z.number().int(),
        totalPaise: z.number().int().describe('The invoice value: taxable value + CGST + SGST + IGST'),
      })
      .nullable()
      .optional()
      .describe('In the list: the tax invoice of a captured payment, integer paise; null before capture'),
    currency: z.string().describe('Always INR'),
    status: z.enum(['CREATED', 'CAPTURED', 'FAILED']),
    gatewayKeyId: z.string().describe('Public key id for the browser checkout'),
    createdAt: isoDateTime,
    capturedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Payment' });

export const createPaymentBody = z.object({ engagementId: z.string().min(1).max(100) }).strict();

export const checkoutResultSchema = z
  .object({
    gateway_order_id: z.string().min(1).max(100),
    gateway_payment_id: z.string().min(1).max(100),
    gateway_signature: z.string().max(200),
  })
  .meta({
    id: 'CheckoutResult',
    description: 'What the gateway checkout hands the browser after a successful payment',
  });

export const verifyPaymentBody = checkoutResultSchema;
export const sandboxPayBody = z.object({ gateway_order_id: z.string().min(1).max(100) }).strict();
