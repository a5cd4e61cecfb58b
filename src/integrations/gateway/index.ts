// Picks the gateway from configuration: Razorpay when credentials are set, else the sandbox (docs/decisions.md, Payments).
import { paymentGatewayKind, type Config } from '../../config.js';
import type { PaymentGateway } from './gateway.js';
import { RazorpayGateway } from './razorpay.js';
import { SandboxGateway } from './sandbox.js';

export * from './gateway.js';
export { RazorpayGateway, type RazorpayOptions } from './razorpay.js';
export { SandboxGateway, type SandboxCheckout } from './sandbox.js';

export function createPaymentGateway(config: Config, sandboxSecret: string): PaymentGateway {
  if (paymentGatewayKind(config) === 'razorpay') {
    // loadConfig already refuses razorpay without both credentials.
    return new RazorpayGateway({
      keyId: config.GATEWAY_KEY_ID!,
      keySecret: config.GATEWAY_KEY_SECRET!,
      webhookSecret: config.GATEWAY_WEBHOOK_SECRET,
      baseUrl: config.GATEWAY_BASE_URL,
    });
  }
  return new SandboxGateway(config.GATEWAY_WEBHOOK_SECRET ?? sandboxSecret);
}
