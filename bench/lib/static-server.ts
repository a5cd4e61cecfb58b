// The load generator's own ceiling for `npm run bench -- http`: a node:http server answering every request with
// the same JSON body (no database, no work), so the figure is what the generator can drive on this machine
// beside PostgreSQL's idle backends. Started as a child process; env: PORT, BODY_BYTES (the size of the answer).
import { createServer } from 'node:http';

const body = JSON.stringify({
  id: 'eng_static',
  padding: 'x'.repeat(Math.max(0, Number(process.env.BODY_BYTES ?? 1000) - 40)),
});
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
