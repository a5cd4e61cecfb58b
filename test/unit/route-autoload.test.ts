// The route loader registers only files that default-export a route made with defineRoute: a helper module named
// with a leading underscore is skipped, and any other file whose default export is not a branded route stops the
// start-up naming the file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { routeFolder } from '../../src/http/routes/autoload.js';
import { defineRoute, isRoute } from '../../src/http/routes/define-route.js';

const folder = (name: string) => new URL(`../fixtures/route-folders/${name}/`, import.meta.url).href;

test('defineRoute brands a function; a plain function is not a route', () => {
  assert.equal(isRoute(defineRoute(() => undefined)), true);
  assert.equal(
    isRoute(function route() {}),
    false,
  );
  assert.equal(isRoute(undefined), false);
});

test('a folder of a branded route and an underscore helper: the route is served, the helper is skipped', async () => {
  const app = Fastify();
  await app.register(routeFolder(folder('strict'), '/strict').plugin as never, { prefix: '/strict' });
  const res = await app.inject({ method: 'GET', url: '/strict/hello' });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), { greeting: 'hello from the strict folder' });
  // The helper's default export (a function) was not registered as a route.
  assert.equal((await app.inject({ method: 'GET', url: '/strict/_shared' })).statusCode, 404);
  await app.close();
});

test('a folder with a file whose default export is not a branded route: start-up throws naming the file', async () => {
  const app = Fastify();
  await assert.rejects(
    async () => {
      await app.register(routeFolder(folder('unbranded'), '/unbranded').plugin as never, { prefix: '/unbranded' });
      await app.ready();
    },
    (err: Error) => {
      assert.match(
        err.message,
        /unbranded\/plain\.ts: a file in a route folder must default-export a route made with defineRoute/,
      );
      assert.match(err.message, /_plain\.ts/);
      return true;
    },
  );
  await app.close().catch(() => undefined);
});
