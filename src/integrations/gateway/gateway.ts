// The payment gateway seam (docs/decisions.md, Payments): Razorpay in production, the sandbox when no credentials are set.

export interface CreateOrderInput {
  /** Integer paise; Razorpay's minimum is 100. */
  amountPaise: number;
  currency: 'INR';
  /** At most 40 characters and unique per order (Razorpay rejects longer receipts). */
  receipt: string;
  /** Up to 15 pairs of 256 characters each (Razorpay's limit). */
  notes: Record<string, string>;
}

export interface GatewayOrder {
  orderId: string;
  amountPaise: number;
  currency: string;
  status: string;
}

export interface PaymentGateway {
  readonly kind: 'sandbox' | 'razorpay';
  /** Public key id the browser checkout needs; never the secret. */
  readonly keyId: string;
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>;
  /** Checks a checkout callback; pass the order id we stored, never the one from the callback. */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Checks the gateway's webhook signature header over the raw request body bytes. */
  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean;
}

/** The gateway refused or could not be reached; the HTTP layer answers 502. */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** HTTP status from the gateway, or null when it was not reached (network error, timeout). */
    readonly gatewayStatus: number | null,
    /** Gateway error code such as BAD_REQUEST_ERROR, or a local one (network_error, timeout, bad_response). */
    readonly gatewayCode: string,
    readonly gatewayDescription: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

/** Rejects input the gateway would refuse anyway, before spending a network round trip. */
export function assertOrderInput(input: CreateOrderInput): void {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise < 100) {
    throw new RangeError('amountPaise must be an integer of at least 100');
  }
  if (input.receipt.length === 0 || input.receipt.length > 40) {
    throw new RangeError('receipt must be 1 to 40 characters');
  }
}
