// Serves the built web console (web/dist) from the API's own process: hashed assets with a year-long
// immutable cache, and index.html for the console's own routes only. /api/* and /docs are untouched:
// an unknown /api path stays a 404 problem+json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { CONSOLE_ROUTES } from '../../contract/console-routes.js';

/** The page may load only its own scripts; styles inline (the component library sets CSS variables); PDFs previewed from blob: URLs. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export default fp(
  async function consolePlugin(app: FastifyInstance, opts: { distDir: string }) {
    const indexPath = join(opts.distDir, 'index.html');
    if (!existsSync(indexPath)) {
      app.log.warn({ distDir: opts.distDir }, 'the web console is not built (npm run build:web); serving the API only');
      return;
    }
    const indexHtml = readFileSync(indexPath);
    await app.register(fastifyStatic, {
      root: join(opts.distDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      wildcard: true,
      immutable: true,
      maxAge: '365d',
    });
    const sendIndex = (_: unknown, reply: FastifyReply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', CSP)
        .send(indexHtml);
    for (const url of CONSOLE_ROUTES) app.get(url, { schema: { hide: true }, config: { auth: 'public' } }, sendIndex);
    for (const file of ['favicon.svg', 'robots.txt']) {
      const path = join(opts.distDir, file);
      if (existsSync(path)) {
        const body = readFileSync(path);
        app.get(`/${file}`, { schema: { hide: true }, config: { auth: 'public' } }, (_, reply) =>
          reply
            .type(file.endsWith('.svg') ? 'image/svg+xml' : 'text/plain')
            .header('cache-control', 'public, max-age=3600')
            .send(body),
        );
      }
    }
  },
  { name: 'console', dependencies: [] },
);
