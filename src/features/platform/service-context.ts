import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Mailer } from '../../integrations/mail/mailer.js';
import type { Actor } from './audit.repository.js';
import type { Principal } from '../../domain/identity/roles.js';
import type { HostLookup } from '../../integrations/webhooks/ssrf.js';
import type { PaymentGateway } from '../../integrations/gateway/index.js';
import type { PrincipalCache } from '../identity/principal-cache.service.js';
import type { UsageRecorder } from '../payments/usage-recorder.service.js';
import type { Metrics } from './metrics.service.js';

/** What a cached credential resolves to: the principal, and for sessions what the CSRF check and renewal need. */
export interface CachedCredential {
  principal: Principal;
  csrfTokenHash?: string;
  sessionExpiresAt?: number;
}

/** What every service function needs; built once at start. */
export interface ServiceContext {
  db: Database;
  config: Config;
  log: Logger;
  mailer: Mailer;
  sessionSecret: string;
  /** Razorpay or the built-in sandbox (docs/decisions.md, Payments). */
  gateway: PaymentGateway;
  /** Authenticated principals by credential digest (services/principal-cache.ts); API processes only. */
  principals?: PrincipalCache<CachedCredential>;
  /** Token last-use times, written in batches off the request path (services/usage-recorder.ts). */
  usage?: UsageRecorder;
  /** DNS for webhook URL checks; unset means the system resolver. Tests replace it to simulate rebinding. */
  webhookLookup?: HostLookup;
  /** Prometheus metrics, when configured (services/metrics.ts; docs/operations.md, Metrics). */
  metrics?: Metrics;
}

/**
 * The request behind a change: the service's own id for it, and the `X-Request-Id` its caller sent,
 * kept apart (a caller's value is never taken for ours; docs/decisions.md, Request ids).
 */
export interface RequestRef {
  id: string;
  clientId?: string;
}
/** A request as services receive it: its reference, or (jobs) just the id carried in a payload. */
export type RequestTag = string | RequestRef;

export const requestIdOf = (r?: RequestTag | null): string | undefined => (typeof r === 'string' ? r : r?.id);
const clientRequestIdOf = (r?: RequestTag | null): string | undefined =>
  typeof r === 'string' ? undefined : r?.clientId;

/** Who is acting and in which request, for the audit trail. */
export function actorOf(principal: Principal, request?: RequestTag): Actor {
  const requestId = requestIdOf(request);
  const clientRequestId = clientRequestIdOf(request);
  return principal.kind === 'user'
    ? { type: 'USER', id: principal.userId, requestId, clientRequestId }
    : { type: 'API_TOKEN', id: principal.tokenId, requestId, clientRequestId };
}

/** An actor without a principal (sign-up, login, the gateway) in a request. */
export function requestActor(actor: Pick<Actor, 'type' | 'id'>, request?: RequestTag): Actor {
  return { ...actor, requestId: requestIdOf(request) ?? null, clientRequestId: clientRequestIdOf(request) };
}
