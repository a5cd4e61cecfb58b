// The bare baseline of `npm run bench -- http`: node:http + a pg Pool, one single-row SELECT per request by a
// named (prepared) statement, as the service's read is, so PostgreSQL plans it once per connection; JSON out. No framework, no auth (the Authorization header is ignored). Started as a child process.
// Env: DATABASE_URL, PORT, FIRM_ID, DATABASE_POOL_MAX (the service's pool size), STALL_TRACE_FILE (as the service's).
import { createServer } from 'node:http';
import pg from 'pg';
import { startStallTrace } from '../../src/lib/stall-trace.js';

const stopTrace = process.env.STALL_TRACE_FILE ? startStallTrace(process.env.STALL_TRACE_FILE) : undefined;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_MAX ?? 20),
});
pool.on('error', () => {});
const firmId = process.env.FIRM_ID;
const PREFIX = '/api/v1/engagements/';

const server = createServer((req, res) => {
  const url = req.url ?? '';
  if (!url.startsWith(PREFIX)) {
    res.writeHead(404).end();
    return;
  }
  pool
    .query({
      name: 'bare_engagement_get',
      text: 'SELECT * FROM engagements WHERE firm_id = $1 AND id = $2',
      values: [firmId, url.slice(PREFIX.length)],
    })
    .then((r) => {
      if (r.rows.length === 0) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"not_found"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(r.rows[0]));
    })
    .catch(() => res.writeHead(500).end());
});
server.listen(Number(process.env.PORT), '127.0.0.1');
const stop = () =>
  server.close(
    () =>
      void pool
        .end()
        .then(() => stopTrace?.())
        .then(() => process.exit(0)),
  );
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
