// runInThread (src/lib/threads.ts): a thread's answer, its error, a timeout and an exhausted heap, and the tsx
// loader given to a .ts entry only when the process does not already carry it (docs/architecture.md, Work on threads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asBuffer, runInThread, threadEntry, threadExecArgv, ThreadTimeoutError } from '../../src/lib/threads.js';

const sample = new URL('../fixtures/threads/sample-thread.js', import.meta.url);

test('the thread answers with what the work returns; bytes come back as a Buffer', async () => {
  const out = await runInThread<Uint8Array>(sample, { do: 'echo', text: 'rupees' });
  assert.equal(asBuffer(out).toString(), 'RUPEES');
});

test('with keepMs the next call is answered by the same thread; without it, by a new one', async () => {
  const kept = [
    await runInThread<number>(sample, { do: 'whoami' }, { keepMs: 5_000 }),
    await runInThread<number>(sample, { do: 'whoami' }, { keepMs: 5_000 }),
  ];
  assert.equal(kept[0], kept[1]);
  const fresh = [
    await runInThread<number>(sample, { do: 'whoami' }),
    await runInThread<number>(sample, { do: 'whoami' }),
  ];
  assert.notEqual(fresh[0], fresh[1]);
});

test("the work's error comes back with its name and message", async () => {
  await assert.rejects(runInThread(sample, { do: 'throw' }), { name: 'RangeError', message: 'the sample refused' });
});

test('a thread past its time is stopped and the call rejects', async () => {
  await assert.rejects(runInThread(sample, { do: 'spin' }, { timeoutMs: 300 }), ThreadTimeoutError);
});

test('a thread past its heap ends with ERR_WORKER_OUT_OF_MEMORY', async () => {
  await assert.rejects(
    runInThread(sample, { do: 'exhaust' }, { resourceLimits: { maxOldGenerationSizeMb: 16 } }),
    (err: Error & { code?: string }) => err.code === 'ERR_WORKER_OUT_OF_MEMORY',
  );
});

test('from the sources a .js entry is its .ts file, which gets the tsx loader unless the process has it', () => {
  const entry = threadEntry(sample);
  assert.match(entry.pathname, /sample-thread\.ts$/);
  assert.equal(threadExecArgv(entry, ['--import', 'tsx']), undefined);
  assert.equal(threadExecArgv(entry, ['--require', '/x/node_modules/tsx/dist/preflight.cjs']), undefined);
  const given = threadExecArgv(entry, ['--max-semi-space-size=8']);
  assert.equal(given?.[0], '--max-semi-space-size=8');
  assert.equal(given?.[1], '--import');
  assert.match(given![2], /^file:.*\/tsx\//);
  assert.equal(threadExecArgv(new URL('file:///srv/dist/x-thread.js'), []), undefined);
});
