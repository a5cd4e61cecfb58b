// Structured JSON logs. Secrets never reach a log line: credentials, cookies, passwords and tokens are redacted.
import pino, { type Logger, type DestinationStream } from 'pino';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.csrfToken',
  '*.authorization',
  '*.cookie',
  'password',
  'token',
  'secret',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * A request's logger that becomes a real pino child only when something is logged at an enabled level.
 * Fastify makes one child per request (and auth adds the principal's ids): under load most requests
 * log nothing at the configured level, and building two pino children each time cost ~5 % of the CPU.
 */
export class LazyChildLogger {
  private real?: Logger;
  constructor(
    private readonly parent: Logger,
    private readonly bound: Record<string, unknown>,
  ) {}

  private materialise(): Logger {
    return (this.real ??= this.parent.child(this.bound));
  }
  get level(): string {
    return this.real?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.materialise().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.real ?? this.parent).isLevelEnabled(level);
  }
  bindings(): Record<string, unknown> {
    return this.real ? this.real.bindings() : { ...this.parent.bindings(), ...this.bound };
  }
  child(bindings: Record<string, unknown>): LazyChildLogger | Logger {
    return this.real ? this.real.child(bindings) : new LazyChildLogger(this.parent, { ...this.bound, ...bindings });
  }
  silent(): void {}
  declare fatal: Logger['fatal'];
  declare error: Logger['error'];
  declare warn: Logger['warn'];
  declare info: Logger['info'];
  declare debug: Logger['debug'];
  declare trace: Logger['trace'];
}
for (const level of LEVELS) {
  (LazyChildLogger.prototype as unknown as Record<Level, (this: LazyChildLogger, ...args: unknown[]) => void>)[level] =
    function (...args) {
      if (!this.isLevelEnabled(level)) return;
      const real = (this as unknown as { materialise(): Logger }).materialise();
      (real[level] as (...a: unknown[]) => void)(...args);
    };
}

/** Fastify's childLoggerFactory: every request gets a LazyChildLogger. */
export function lazyChildLoggerFactory(logger: Logger, bindings: Record<string, unknown>): Logger {
  return new LazyChildLogger(logger, bindings) as unknown as Logger;
}
