// Builds the Fastify instance: plugins first, then routes (fastify/demo's order).
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import errorsPlugin from './http/plugins/errors.js';
import requestIdPlugin, { genReqId } from './http/plugins/request-id.js';
import openapiPlugin from './http/plugins/openapi.js';
import { registerRoutes } from './http/routes/v1/index.js';
import type { AppInstance } from './http/types.js';
import authPlugin from './http/plugins/auth.js';
import { WindowLimiter } from './http/rate-limit.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import type { ServiceContext } from './services/context.js';
import { resolveSecret, resolveSessionSecret } from './lib/session-secret.js';
import { createPaymentGateway } from './integrations/gateway/index.js';

export interface AppDeps {
  db: Database;
  config: Config;
  log: Logger;
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    services: ServiceContext;
    loginLimiter: WindowLimiter;
    verifyLimiter: WindowLimiter;
  }
}

export function createServiceContext(deps: AppDeps): ServiceContext {
  return {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    mailer: deps.mailer ?? createMailer({ smtpUrl: deps.config.SMTP_URL, from: deps.config.MAIL_FROM, dataDir: deps.config.DATA_DIR, log: deps.log }),
    sessionSecret: resolveSessionSecret(deps.config),
    gateway: createPaymentGateway(deps.config, resolveSecret(undefined, deps.config.DATA_DIR, 'sandbox-gateway-secret')),
  };
}

export async function buildApp(
  deps: AppDeps,
  services: ServiceContext = createServiceContext(deps),
  options: Partial<FastifyServerOptions> = {},
): Promise<AppInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    genReqId,
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: true,
    ...options,
  }).withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>() as AppInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', services);
  // 10 login attempts per e-mail and per address in 15 minutes.
  app.decorate('loginLimiter', new WindowLimiter(10, 15 * 60_000));
  // Public report verification: 60 look-ups per address per minute.
  app.decorate('verifyLimiter', new WindowLimiter(60, 60_000));

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(helmet, {
    // The /docs page (swagger-ui) needs inline styles and scripts.
    contentSecurityPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: deps.config.UPLOAD_LIMIT_BYTES, files: 1, fields: 5 } });
  await app.register(authPlugin, { services });
  await app.register(openapiPlugin);

  await registerRoutes(app);
  return app;
}
