// OpenAPI 3.1 generated from the same zod schemas that validate requests; reference page at /docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describeServedDocument, errorStatuses, routeErrorCodes, type Produces } from '../openapi-document.js';
import { problemResponses } from '../problem.js';
import { ERROR_CATALOGUE, ERROR_CODES } from '../../contract/errors.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page every problem's `type` points at: one anchored entry per code. */
function errorCataloguePage(): string {
  const rows = ERROR_CODES.map((code) => {
    const e = ERROR_CATALOGUE[code];
    return `<tr id="${code}"><td><code>${code}</code></td><td>${e.status}</td><td>${escapeHtml(e.title)}</td><td>${escapeHtml(e.sentence)}</td></tr>`;
  }).join('\n');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error codes — Valuation Service API</title>` +
    `<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}td,th{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}tr:target{background:#fff6d5}</style></head>` +
    `<body><h1>Error codes</h1><p>Every error is <code>application/problem+json</code> with one of these codes (also as JSON at <a href="/api/v1/errors">/api/v1/errors</a>).</p>` +
    `<table><thead><tr><th>Code</th><th>Status</th><th>Title</th><th>What it means</th></tr></thead><tbody>${rows}</tbody></table></body></html>`
  );
}

type OpenApiDocument = { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;

/**
 * Drops component schemas nothing refers to: the zod transform registers an `…Input` twin of every
 * named schema and names request bodies that it then inlines, which would leave them unused.
 */
function withoutUnusedSchemas(doc: OpenApiDocument): OpenApiDocument {
  const schemas = doc.components?.schemas;
  if (!schemas) return doc;
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
  const used = new Set<string>();
  let frontier = refsIn({ ...doc, components: { ...doc.components, schemas: {} } });
  while (frontier.length) {
    const next: string[] = [];
    for (const name of frontier)
      if (!used.has(name)) {
        used.add(name);
        next.push(...refsIn(schemas[name]));
      }
    frontier = next;
  }
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([k]) => used.has(k))),
    },
  };
}

/**
 * The contract's version. The minor moves when operations are added to the released contract
 * (contracts/openapi.v1.json, 1.0.0); the contract gate refuses a served document that adds operations under the
 * released minor (scripts/openapi-compat.ts, versionChanges). 1.1.0 was the last landed; 1.2.0 adds password
 * recovery, the document's content by name and the mail opt-out; 1.3.0 the firm's saved cost-of-capital build-ups.
 */
export const API_VERSION = '1.3.0';

export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    const producesByOperation = new Map<string, Produces>();
    // Each documented route's error responses are derived from its error codes (config.errorCodes and what its
    // access rule and input imply), one problem+json response per status: a route file lists none by hand. A
    // route that declares no config.errorCodes is refused here, when it is added, so the app does not start.
    // A route may give an error status a body of its own (the health check's 503), which stands.
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
      if (schema?.hide) return;
      const statuses = errorStatuses(routeErrorCodes(route as never));
      route.schema = { ...schema, response: { ...problemResponses(...statuses), ...(schema?.response ?? {}) } };
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Valuation Service API',
          version: API_VERSION,
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
          contact: {
            name: 'Valuation Service API support',
            url: 'https://docs.valuation.example/support',
            email: 'api-support@valuation.example',
          },
          description:
            'Statutory valuation platform for Indian companies (Rule 11UA, Companies Act s.62, FEMA, IBC). ' +
            'Errors are RFC 9457 application/problem+json with a stable `code`. Lists are bare JSON arrays, ' +
            'newest first, paginated with `limit`/`cursor` and an RFC 8288 `Link: rel="next"` header. ' +
            'Rates (wacc, terminalGrowthRate) are percent: 12.5 means 12.5 %. Money is in integer paise ' +
            'with `currency`, ' +
            'except valuation figures, which are decimal strings in rupees rounded half-up to the paisa.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'Firm API token `evk_…` (acts as VALUER)' },
            cookieAuth: {
              type: 'apiKey',
              in: 'cookie',
              name: 'vs_session',
              description:
                'Browser session (JWT cookie); state-changing requests also need X-CSRF-Token. Where the ' +
                'service sets secure cookies (production, or SECURE_COOKIES=true) the cookie is ' +
                '`__Host-vs_session`, always Secure',
            },
          },
        },
      },
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const schema = out.schema as { operationId?: string; description?: string; hide?: boolean };
        // Each route file names its operation and describes it; a route without them fails at start.
        if (!schema.hide && (!schema.operationId || !schema.description)) {
          throw new Error(
            `${String(input.route.method)} ${input.url}: the route file must set schema.operationId and schema.description`,
          );
        }
        // Each route file declares the codes its service refuses with; x-error-codes adds those its definition implies.
        if (!schema.hide)
          (schema as Record<string, unknown>)['x-error-codes'] = routeErrorCodes({
            ...(input.route as never as { method: string; config?: never }),
            url: input.url,
            schema: input.schema as never,
          });
        const produces = input.route.config?.produces;
        if (produces && schema.operationId) producesByOperation.set(schema.operationId, produces);
        return out;
      },
      transformObject: (input) =>
        describeServedDocument(
          withoutUnusedSchemas(jsonSchemaTransformObject(input) as OpenApiDocument),
          producesByOperation,
        ) as ReturnType<typeof jsonSchemaTransformObject>,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    const page = errorCataloguePage();
    app.get('/docs/errors', { schema: { hide: true }, config: { auth: 'public' } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(page),
    );
  },
  { name: 'openapi', dependencies: [] },
);
