// `npm run bench -- heavy`: polls a server's /health from its own process (four loops, 5 ms apart), so the
// latencies are the server's and not the bench's own event loop, which is busy building and sending 5 MB
// uploads. Started with HEALTH_URL; prints `polling` once the first answer came, and on SIGTERM
// {"latencies": [ms…], "failures": n} on a line of its own, then exits.
const url = process.env.HEALTH_URL!;
const latencies: number[] = [];
let failures = 0;
let polling = true;

const loops = Array.from({ length: 4 }, async () => {
  while (polling) {
    const t0 = performance.now();
    try {
      await (await fetch(url)).arrayBuffer();
      latencies.push(performance.now() - t0);
      if (latencies.length === 1) process.stdout.write('polling\n');
    } catch {
      failures += 1;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
});

process.once('SIGTERM', () => {
  polling = false;
  void Promise.all(loops).then(() => {
    process.stdout.write(JSON.stringify({ latencies, failures }) + '\n', () => process.exit(0));
  });
});
