// One database type over two engines: embedded PGlite (in-process, single connection)
// and node-postgres (a pool against a real server). Repositories receive an Executor:
// inside a transaction that is the transaction itself, so no code can reach the outer
// connection mid-transaction (on PGlite that would deadlock forever).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Executor {
  query<T = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Database extends Executor {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; returns an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Timestamps come back as Date on both engines; int8 and numeric are avoided in the
// schema (or cast in SQL) so both engines return the same JS types.

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  return wrapPglite(db);
}

export function wrapPglite(db: PGlite): Database {
  let closed = false;
  return {
    kind: 'pglite',
    async query<T>(text: string, params?: readonly unknown[]) {
      const res = await db.query<T>(text, params as unknown[] | undefined);
      return res.rows;
    },
    async transaction<T>(fn: (tx: Executor) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<R>(text: string, params?: readonly unknown[]) {
            const res = await tx.query<R>(text, params as unknown[] | undefined);
            return res.rows;
          },
        }),
      );
    },
    async listen(channel, onNotify) {
      const unsub = await db.listen(channel, onNotify);
      return async () => {
        if (!closed) await unsub();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}

export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
    // A statement that runs longer than this is a bug or a lock pile-up: fail it.
    statement_timeout: 30_000,
  });
  // A server restart kills idle pooled connections; the pool drops them and reconnects
  // on next use. Without this listener the process would crash on the 'error' event.
  pool.on('error', () => {});
  let listenClient: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let closed = false;

  return {
    kind: 'postgres',
    async query<T>(text: string, params?: readonly unknown[]) {
      const res = await pool.query(text, params as unknown[] | undefined);
      return res.rows as T[];
    },
    async transaction<T>(fn: (tx: Executor) => Promise<T>) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(text: string, params?: readonly unknown[]) {
            const res = await client.query(text, params as unknown[] | undefined);
            return res.rows as R[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    async listen(channel, onNotify) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      if (!listenClient) {
        listenClient = new pg.Client({ connectionString: url });
        listenClient.on('error', () => {});
        listenClient.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
        await listenClient.connect();
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listenClient.query(`LISTEN ${channel}`);
      }
      set.add(onNotify);
      return async () => {
        set!.delete(onNotify);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

export async function openDatabase(config: { DATABASE_URL?: string; DATA_DIR: string; DATABASE_POOL_MAX?: number }): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
  return openPglite({ dataDir: `${config.DATA_DIR.replace(/\/$/, '')}/pg` });
}
