// Built-in gateway used when no credentials are configured (docs/decisions.md, Payments): no network, deterministic signatures.
import { randomBytes } from 'node:crypto';
import { assertOrderInput, type CreateOrderInput, type GatewayOrder, type PaymentGateway } from './gateway.js';
import { hmacSha256Hex, paymentSignatureMessage, verifyHmacSha256Hex } from './signature.js';

export interface SandboxCheckout {
  gateway_order_id: string;
  gateway_payment_id: string;
  gateway_signature: string;
}

// Razorpay ids are 14 base62 characters; mimic the look so clients see realistic values.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function randomToken(length = 14): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export class SandboxGateway implements PaymentGateway {
  readonly kind = 'sandbox' as const;
  readonly keyId: string;

  /** The same secret signs checkouts and webhooks: the sandbox has no separate webhook secret to configure. */
  constructor(
    private readonly secret: string,
    keyId = 'rzp_sandbox',
  ) {
    if (!secret) throw new RangeError('sandbox secret must not be empty');
    this.keyId = keyId;
  }

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    assertOrderInput(input);
    // Stateless: orders live in our database, so the sandbox needs no memory of its own across restarts.
    return {
      orderId: `order_sbx_${randomToken()}`,
      amountPaise: input.amountPaise,
      currency: input.currency,
      status: 'created',
    };
  }

  /** What a real checkout hands the browser after a successful payment. */
  simulateCheckout(orderId: string): SandboxCheckout {
    const paymentId = `pay_sbx_${randomToken()}`;
    return {
      gateway_order_id: orderId,
      gateway_payment_id: paymentId,
      gateway_signature: hmacSha256Hex(this.secret, paymentSignatureMessage(orderId, paymentId)),
    };
  }

  /** Signs a webhook body as the gateway would (for tests and the sandbox pay flow). */
  signWebhook(body: Buffer | string): string {
    return hmacSha256Hex(this.secret, body);
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return verifyHmacSha256Hex(this.secret, paymentSignatureMessage(orderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean {
    return verifyHmacSha256Hex(this.secret, rawBody, signature);
  }
}
