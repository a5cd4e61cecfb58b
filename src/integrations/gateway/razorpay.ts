// Razorpay Orders API client over global fetch; the SDK is avoided because it compares signatures with ===.
import {
  assertOrderInput,
  GatewayError,
  type CreateOrderInput,
  type GatewayOrder,
  type PaymentGateway,
} from './gateway.js';
import { paymentSignatureMessage, verifyHmacSha256Hex } from './signature.js';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  /** Separate from the key secret in Razorpay; without it every gateway webhook is refused. */
  webhookSecret?: string;
  /** e.g. https://api.razorpay.com/v1 (tests point it at a local server). */
  baseUrl: string;
  timeoutMs?: number;
}

interface RazorpayOrderResponse {
  id?: unknown;
  amount?: unknown;
  currency?: unknown;
  status?: unknown;
}

interface RazorpayErrorResponse {
  error?: { code?: unknown; description?: unknown };
}

export class RazorpayGateway implements PaymentGateway {
  readonly kind = 'razorpay' as const;
  readonly keyId: string;
  private readonly keySecret: string;
  private readonly webhookSecret?: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: RazorpayOptions) {
    this.keyId = options.keyId;
    this.keySecret = options.keySecret;
    this.webhookSecret = options.webhookSecret;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    assertOrderInput(input);
    const auth = Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/orders`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          amount: input.amountPaise,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
          // A retried create with the same receipt returns the same order instead of a second one.
          unique_receipt: true,
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      const code = timedOut ? 'timeout' : 'network_error';
      const description = timedOut ? `no answer within ${this.timeoutMs} ms` : describeCause(err);
      throw new GatewayError(`Payment gateway unreachable: ${description}`, null, code, description, { cause: err });
    }

    const text = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }

    if (!res.ok) {
      const e = (json as RazorpayErrorResponse | undefined)?.error;
      const code = typeof e?.code === 'string' ? e.code : `http_${res.status}`;
      const description = typeof e?.description === 'string' ? e.description : text.slice(0, 200) || res.statusText;
      throw new GatewayError(`Payment gateway refused the order: ${description}`, res.status, code, description);
    }

    const order = json as RazorpayOrderResponse | undefined;
    if (!order || typeof order.id !== 'string' || typeof order.amount !== 'number') {
      throw new GatewayError(
        'Payment gateway returned an unexpected response',
        res.status,
        'bad_response',
        text.slice(0, 200),
      );
    }
    return {
      orderId: order.id,
      amountPaise: order.amount,
      currency: typeof order.currency === 'string' ? order.currency : input.currency,
      status: typeof order.status === 'string' ? order.status : 'created',
    };
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return verifyHmacSha256Hex(this.keySecret, paymentSignatureMessage(orderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean {
    if (!this.webhookSecret) return false;
    return verifyHmacSha256Hex(this.webhookSecret, rawBody, signature);
  }
}

// fetch wraps the real reason (ECONNREFUSED, ENOTFOUND…) in err.cause; surface it for the logs.
function describeCause(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}
