// One outbound webhook delivery attempt. Never throws for HTTP or network failures: the worker
// records every attempt, so failures come back as data.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { parseRetryAfter } from '../../domain/webhooks/schedule.js';
import { AppError } from '../../lib/errors.js';
import { assertPublicUrl, pinnedLookup, type HostLookup } from './ssrf.js';

export const SNIPPET_BYTES = 1024;

export interface SendWebhookInput {
  url: string;
  /** The exact bytes that were signed. */
  body: string;
  /** Usually signatureHeaders(...); content-type is always application/json. */
  headers: Record<string, string>;
  /** Covers connect, request and reading the response head and snippet. */
  timeoutMs?: number;
  allowPrivate: boolean;
  lookup?: HostLookup;
}

export interface SendWebhookResult {
  /** True only for a 2xx answer. */
  ok: boolean;
  /** HTTP status, or null when no response arrived (refused URL, network error, timeout). */
  status: number | null;
  durationMs: number;
  /** First 1 KiB of the response body, for the deliveries log. */
  responseSnippet: string;
  retryAfterSeconds?: number;
  error?: string;
  /** The URL failed the SSRF check at send time (e.g. DNS now points at a private address). */
  refused?: boolean;
}

export async function sendWebhook(input: SendWebhookInput): Promise<SendWebhookResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = input.timeoutMs ?? 10_000;

  // Checked again at send time, not only when the endpoint was saved: DNS may have changed since.
  let checked: Awaited<ReturnType<typeof assertPublicUrl>>;
  try {
    checked = await assertPublicUrl(input.url, { allowPrivate: input.allowPrivate, lookup: input.lookup });
  } catch (err) {
    const message = err instanceof AppError ? err.message : `URL check failed: ${String(err)}`;
    return {
      ok: false,
      status: null,
      durationMs: elapsed(),
      responseSnippet: '',
      error: message,
      refused: err instanceof AppError,
    };
  }

  const request = checked.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const headers: Record<string, string | number> = {
    'user-agent': 'valuation-service-webhooks/1',
    ...input.headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(input.body),
  };

  return new Promise<SendWebhookResult>((resolve) => {
    let settled = false;
    // eslint-disable-next-line prefer-const -- declared before finish(), which clears it; set once the request is built
    let timer: NodeJS.Timeout | undefined;
    let req: ClientRequest | undefined;
    const finish = (result: Omit<SendWebhookResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req?.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };

    try {
      req = request(checked.url, {
        method: 'POST',
        headers,
        // Connect to the address that passed the check, whatever DNS says now.
        lookup: pinnedLookup(checked.addresses),
        // A fresh connection per attempt: a pooled socket could belong to an earlier, differently resolved address.
        agent: false,
      });
    } catch (err) {
      // e.g. a header value with a newline: node refuses synchronously.
      finish({ ok: false, status: null, responseSnippet: '', error: err instanceof Error ? err.message : String(err) });
      return;
    }

    // One deadline for the whole attempt; socket idle timeouts would let a slow drip run on for ever.
    timer = setTimeout(() => {
      finish({ ok: false, status: null, responseSnippet: '', error: `timeout after ${timeoutMs} ms` });
    }, timeoutMs);

    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({
        ok: false,
        status: null,
        responseSnippet: '',
        error: err.code ? `${err.code}: ${err.message}` : err.message,
      });
    });

    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      const retryAfterSeconds = parseRetryAfter(res.headers['retry-after'], Date.now());
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const result: Omit<SendWebhookResult, 'durationMs'> = {
          ok: status >= 200 && status <= 299,
          status,
          responseSnippet: Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8'),
        };
        if (retryAfterSeconds !== undefined) result.retryAfterSeconds = retryAfterSeconds;
        if (!result.ok) result.error = `HTTP ${status}`;
        finish(result);
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // The rest of a large body is of no use to the log; stop reading it.
        if (size >= SNIPPET_BYTES) done();
      });
      res.on('end', done);
      // A reset mid-body still leaves a status worth recording.
      res.on('error', done);
      res.on('aborted', done);
    });

    req.end(input.body);
  });
}
