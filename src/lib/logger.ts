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
