// Standard Webhooks signing (docs/webhooks.md): v1,<base64 HMAC-SHA256 of "id.timestamp.body">.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new endpoint secret, `whsec_` + base64 of 24–32 random bytes (the spec allows 24–64). */
export function generateWebhookSecret(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 24 || bytes > 32) throw new RangeError('bytes must be 24 to 32');
  return PREFIX + randomBytes(bytes).toString('base64');
}

/** The HMAC key is the base64-decoded part after `whsec_`, not the string itself. */
function secretKey(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new RangeError('webhook secret must start with whsec_');
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  if (key.length === 0) throw new RangeError('webhook secret is empty');
  return key;
}

/** One `v1,<base64>` signature of a message with one secret. */
export function signWebhook(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export interface WebhookSignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  [name: string]: string;
}

/**
 * Headers for one delivery attempt. `msgId` stays the same across retries (receivers dedupe on it);
 * `timestampSeconds` is this attempt's time. One signature per active secret, space-delimited,
 * so an endpoint can rotate its secret without dropping deliveries.
 */
export function signatureHeaders(
  msgId: string,
  timestampSeconds: number,
  body: string,
  secrets: string[],
): WebhookSignatureHeaders {
  // '.' separates the signed parts; one inside the id or timestamp would make the message ambiguous.
  if (!msgId || msgId.includes('.')) throw new RangeError('msgId must be non-empty and contain no "."');
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0)
    throw new RangeError('timestampSeconds must be integer Unix seconds');
  if (secrets.length === 0) throw new RangeError('at least one secret is needed');
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signWebhook(s, msgId, timestampSeconds, body)).join(' '),
  };
}
