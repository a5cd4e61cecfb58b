// Environment schema, validated once at start. A bad value stops the start with one line naming it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FEE_GST_MODES, GSTIN_PATTERN, isValidGstin } from './contract/gst.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const paise = z.coerce.number().int().min(100);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SIGNUP_ENABLED: bool.default(true),
  PAYMENT_GATEWAY: z.enum(['sandbox', 'razorpay']).optional(),
  GATEWAY_KEY_ID: z.string().min(1).optional(),
  GATEWAY_KEY_SECRET: z.string().min(1).optional(),
  GATEWAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  GATEWAY_BASE_URL: z.url().default('https://api.razorpay.com/v1'),
  PRICE_RULE_11UA_PAISE: paise.default(1_500_000),
  PRICE_COMPANIES_ACT_SEC_62_PAISE: paise.default(2_500_000),
  PRICE_FEMA_RBI_PAISE: paise.default(2_000_000),
  PRICE_IBC_LIQUIDATION_PAISE: paise.default(3_500_000),
  /**
   * Whether the PRICE_*_PAISE fees exclude GST (exclusive, the default: the firm pays the fee plus GST, so
   * ₹20,000 reads ₹20,000 + ₹3,600 GST) or include it (inclusive: the fee is the total). docs/decisions.md, Tax invoices.
   */
  FEE_GST_MODE: z.enum(FEE_GST_MODES).default('exclusive'),
  // Tax invoices (docs/decisions.md, Tax invoices): the operator as supplier.
  OPERATOR_LEGAL_NAME: z.string().min(2).default('Valuation Service (operator details not configured)'),
  OPERATOR_ADDRESS: z.string().optional(),
  OPERATOR_GSTIN: z
    .string()
    .regex(GSTIN_PATTERN, 'must be a 15-character GSTIN')
    .refine(isValidGstin, 'must be a GSTIN whose last character checks the first fourteen')
    .optional(),
  /** The operator's state code where no GSTIN is configured (27: Maharashtra). */
  OPERATOR_STATE_CODE: z
    .string()
    .regex(/^\d{2}$/)
    .default('27'),
  GST_RATE_PERCENT: z.coerce.number().int().min(0).max(28).default(18),
  /** Services Accounting Code printed on the invoice (998399: other professional, technical and business services). */
  INVOICE_SAC_CODE: z
    .string()
    .regex(/^\d{6}$/)
    .default('998399'),
  WEBHOOK_ALLOW_PRIVATE_URLS: bool.default(false),
  /** Multiplies every webhook retry delay (1 = the real ~27 h schedule; tests use a tiny fraction). */
  WEBHOOK_RETRY_SCALE: z.coerce.number().min(0).max(1000).default(1),
  /** How often the worker sweeps the outbox for events nobody woke it for. */
  WEBHOOK_SWEEP_MS: z.coerce.number().int().min(50).max(3_600_000).default(5000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Valuation Service <no-reply@localhost>'),
  PUBLIC_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SEED: bool.default(true),
  // After the demo firm is seeded, make one completed engagement per statute in it, in the background
  // (scripts/demo/populate.ts; docs/decisions.md, A firm's first hour).
  DEMO_ENGAGEMENTS: bool.default(true),
  WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  // Session cookies always Secure and `__Host-`-prefixed (default: in production only); src/http/cookies.ts.
  SECURE_COOKIES: bool.optional(),
  // Which proxies may set X-Forwarded-For (docs/decisions.md, Rate limits and login throttling): off by
  // default, so a client cannot choose the address its limits are counted against. A number is the
  // count of proxy hops in front of the service; otherwise comma-separated addresses or CIDRs.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | number | string[] =>
      v === 'false' || v === ''
        ? false
        : /^\d+$/.test(v)
          ? Number(v)
          : v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
    )
    .refine(
      (v) =>
        typeof v !== 'object' ||
        v.every((x) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/.test(x)),
      {
        message:
          'must be false, a number of proxy hops, or comma-separated proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
      },
    ),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  /** The built console (`npm run build:web`); when the folder is missing the API runs without it. */
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../web/dist', import.meta.url))),
  /** API processes (node:cluster) sharing the port: a number, or auto for one per CPU. More than one needs PostgreSQL. */
  API_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  /** Connections in the node-postgres pool of each process (PostgreSQL only). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** How long an authenticated principal is cached (changes reach every process at once by NOTIFY; this is the backstop). */
  PRINCIPAL_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** How often token last-use times are written (and once more on shutdown). */
  USAGE_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  /** Appends a per-second trace of event-loop delay, GC pauses, token-use flushes and credential loads to this file (the bench; off when unset). */
  STALL_TRACE_FILE: z.string().min(1).optional(),
  REPORT_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * PEM files (comma-separated paths) of the certificate authorities whose chains the verify page calls
   * trusted for PDF signatures, e.g. an Indian licensed CA's root. None by default.
   */
  PDF_TRUST_ROOTS: z.string().optional(),
  /** Serves Prometheus metrics at /metrics without a credential (only behind a private network); off by default. */
  METRICS_ENABLED: bool.default(false),
  /** Serves /metrics to `Authorization: Bearer <METRICS_TOKEN>` only (docs/operations.md, Metrics). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}`);
  }
  const config = parsed.data;
  if (config.PAYMENT_GATEWAY === 'razorpay' && (!config.GATEWAY_KEY_ID || !config.GATEWAY_KEY_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: GATEWAY_KEY_ID: razorpay needs GATEWAY_KEY_ID and GATEWAY_KEY_SECRET',
    );
  }
  if (typeof config.API_PROCESSES === 'number' && config.API_PROCESSES > 1 && !config.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration: API_PROCESSES: more than one API process needs PostgreSQL (DATABASE_URL); the embedded database is single-process',
    );
  }
  // The signed report prints PUBLIC_BASE_URL/verify for anyone to check it: in production it must be a public address.
  if (config.NODE_ENV === 'production' && (!config.PUBLIC_BASE_URL || isLocalAddress(config.PUBLIC_BASE_URL))) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_BASE_URL: set it to the public https address of the service (reports print PUBLIC_BASE_URL/verify); it is unset or points at this machine',
    );
  }
  // Links in e-mails and the printed verification address carry people to the service: never over plain http.
  if (config.NODE_ENV === 'production' && new URL(config.PUBLIC_BASE_URL!).protocol !== 'https:') {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_BASE_URL: in production it must be an https:// address (reports print it and e-mails link to it)',
    );
  }
  for (const file of trustRootFiles(config)) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      throw new ConfigError(`Invalid configuration: PDF_TRUST_ROOTS: cannot read ${file}`);
    }
    if (!/-----BEGIN CERTIFICATE-----/.test(text))
      throw new ConfigError(`Invalid configuration: PDF_TRUST_ROOTS: ${file} holds no PEM certificate`);
  }
  return config;
}

/** The PEM files named by PDF_TRUST_ROOTS. */
export function trustRootFiles(config: Pick<Config, 'PDF_TRUST_ROOTS'>): string[] {
  return (config.PDF_TRUST_ROOTS ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0'
  );
}

/** How many API processes to run: auto is one per CPU on PostgreSQL, and always one on the embedded database. */
export function apiProcessCount(config: Config, cpus: number): number {
  if (config.API_PROCESSES !== 'auto') return config.API_PROCESSES;
  return config.DATABASE_URL ? Math.max(1, cpus) : 1;
}

/** Whether /metrics is served: METRICS_TOKEN (with a bearer check) or METRICS_ENABLED=true (open). */
export function metricsEnabled(config: Config): boolean {
  return config.METRICS_TOKEN !== undefined || config.METRICS_ENABLED;
}

export function paymentGatewayKind(config: Config): 'sandbox' | 'razorpay' {
  return config.PAYMENT_GATEWAY ?? (config.GATEWAY_KEY_ID && config.GATEWAY_KEY_SECRET ? 'razorpay' : 'sandbox');
}
