// Paying for an engagement through the API against the built-in sandbox gateway: the order, the checkout the
// sandbox answers with, and its verification.
import type { TestApp } from './app.js';

/** POST /payments: the order for an engagement's fee. */
export const orderPayment = (t: TestApp, headers: Record<string, string>, engagementId: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments', headers, payload: { engagementId } });

/** The sandbox's checkout paid (no session: the gateway's page), answering with what the console verifies. */
export const sandboxPay = (t: TestApp, gatewayOrderId: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments/sandbox/pay', payload: { gateway_order_id: gatewayOrderId } });

/** POST /payments/verify with the checkout's answer. */
export const verifyPayment = (t: TestApp, headers: Record<string, string>, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments/verify', headers, payload: body });
