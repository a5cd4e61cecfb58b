// Builds the Fastify instance: plugins first, then routes (fastify/demo's order).
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { metricsEnabled, type Config } from './config.js';
import type { Database } from './db/client.js';
import errorsPlugin from './http/plugins/errors.js';
import responseHeadersPlugin, { genReqId } from './http/plugins/response-headers.js';
import openapiPlugin from './http/plugins/openapi.js';
import apiV1 from './http/routes/v1/index.js';
import opsRoutes from './http/routes/ops/index.js';
import metricsPlugin from './http/plugins/metrics.js';
import { Metrics } from './features/platform/metrics.service.js';
import type { AppInstance } from './http/types.js';
import authPlugin from './http/plugins/auth.js';
import readRetryPlugin from './http/plugins/read-retry.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import type { ServiceContext } from './features/platform/service-context.js';
import { resolveSecret, resolveSessionSecret } from './lib/secrets.js';
import { lazyChildLoggerFactory } from './lib/logger.js';
import { createPaymentGateway } from './integrations/gateway/index.js';
import { EventHub } from './features/notifications/event-stream.service.js';
import { PrincipalCache } from './features/identity/principal-cache.service.js';
import { UsageRecorder } from './features/payments/usage-recorder.service.js';
import type { CachedCredential } from './features/platform/service-context.js';
import consolePlugin from './http/plugins/console.js';
import inputGuard from './http/plugins/input-guard.js';

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
    eventHub: EventHub;
  }
}

export function createServiceContext(deps: AppDeps): ServiceContext {
  return {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    mailer:
      deps.mailer ??
      createMailer({
        smtpUrl: deps.config.SMTP_URL,
        from: deps.config.MAIL_FROM,
        dataDir: deps.config.DATA_DIR,
        log: deps.log,
      }),
    sessionSecret: resolveSessionSecret(deps.config),
    gateway: createPaymentGateway(
      deps.config,
      resolveSecret(undefined, deps.config.DATA_DIR, 'sandbox-gateway-secret'),
    ),
    principals: new PrincipalCache<CachedCredential>(deps.config.PRINCIPAL_CACHE_TTL_MS),
    usage: new UsageRecorder(deps.db, deps.log, deps.config.USAGE_FLUSH_MS),
    ...(metricsEnabled(deps.config) ? { metrics: new Metrics(deps.db) } : {}),
  };
}

/** Fastify's setting for TRUST_PROXY: a hop count trusts that many proxies nearest the service. */
function trustProxySetting(
  value: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export async function buildApp(
  deps: AppDeps,
  services: ServiceContext = createServiceContext(deps),
  options: Partial<FastifyServerOptions> = {},
): Promise<AppInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    genReqId,
    childLoggerFactory: lazyChildLoggerFactory as never,
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(deps.config.TRUST_PROXY),
    ...options,
  }).withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>() as AppInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('services', services);
  const eventHub = new EventHub(services);
  app.decorate('eventHub', eventHub);
  // Open event streams would hold close() forever: end them first.
  app.addHook('preClose', async () => eventHub.close());
  // Credentials are cached only while this process hears of their changes (NOTIFY principal_changes).
  app.addHook('onReady', async () => {
    await services.principals?.listen(deps.db);
    services.usage?.start();
  });
  app.addHook('onClose', async () => {
    await services.usage?.stop();
    await services.principals?.close();
  });

  await app.register(metricsPlugin, { metrics: services.metrics });
  await app.register(responseHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuard);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: deps.config.UPLOAD_LIMIT_BYTES, files: 1, fields: 5 } });
  await app.register(authPlugin, { services });
  await app.register(readRetryPlugin);
  await app.register(openapiPlugin);

  await app.register(apiV1.plugin as never, { prefix: apiV1.prefix });
  await app.register(opsRoutes.plugin as never, { prefix: opsRoutes.prefix });
  await app.register(consolePlugin, { distDir: deps.config.WEB_DIST_DIR });
  return app;
}
