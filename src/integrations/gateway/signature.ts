// The one hex HMAC-SHA256 sign/verify used by every gateway (payment callbacks and gateway webhooks).
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

export function hmacSha256Hex(secret: string, message: Buffer | string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/**
 * Constant-time check of a hex HMAC-SHA256. The shape is checked first so that malformed input
 * (empty, truncated, non-hex) returns false instead of making timingSafeEqual throw on a length mismatch.
 */
export function verifyHmacSha256Hex(secret: string, message: Buffer | string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(hmacSha256Hex(secret, message), 'hex');
  // Decoding hex makes upper- and lower-case signatures compare alike.
  const given = Buffer.from(signature, 'hex');
  return timingSafeEqual(expected, given);
}

/** The message Razorpay signs for a checkout: `${order_id}|${payment_id}` (order id as WE stored it). */
export function paymentSignatureMessage(orderId: string, paymentId: string): string {
  return `${orderId}|${paymentId}`;
}
