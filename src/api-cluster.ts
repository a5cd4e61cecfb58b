// API_PROCESSES > 1: the primary process forks that many API processes (node:cluster), which share the
// listening port; the primary itself serves no HTTP. It replaces a process that dies unexpectedly, and
// on SIGTERM/SIGINT tells every API process to finish its in-flight requests and waits for them.
import cluster, { type Worker as ClusterWorker } from 'node:cluster';
import type { Logger } from 'pino';

/** Set in the environment of the forked API processes, so they know not to migrate, seed or fork. */
export const CLUSTER_CHILD_ENV = 'VS_API_CLUSTER_CHILD';

export function isClusterChild(): boolean {
  return cluster.isWorker && process.env[CLUSTER_CHILD_ENV] === '1';
}

export interface ApiCluster {
  /** Resolves once every API process is listening. */
  ready: Promise<void>;
  /** Stops every API process (each drains its requests); resolves when all have exited. */
  stop(): Promise<void>;
}

export function forkApiProcesses(count: number, log: Logger): ApiCluster {
  let stopping = false;
  const restarts: number[] = [];
  const fork = (): ClusterWorker => cluster.fork({ [CLUSTER_CHILD_ENV]: '1' });

  let listening = 0;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  cluster.on('listening', () => {
    if (++listening === count) markReady();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A crash loop (5 deaths in a minute) is not healed by forking again: stop and let the supervisor see it.
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > 5) {
      log.error({ pid: worker.process.pid, code, signal }, 'API processes keep dying; giving up');
      process.kill(process.pid, 'SIGTERM');
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'an API process died; starting another');
    fork();
  });
  for (let i = 0; i < count; i++) fork();

  return {
    ready,
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is ClusterWorker => Boolean(w));
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.isDead()) return resolve();
              w.once('exit', () => resolve());
              w.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
