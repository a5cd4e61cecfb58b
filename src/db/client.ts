// One database type over two engines: embedded PGlite (in-process, single connection)
// and node-postgres (a pool against a real server). Repositories receive an Executor:
// inside a transaction that is the transaction itself, so no code can reach the outer
// connection mid-transaction (on PGlite that would deadlock forever).
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** A hot statement, prepared once per connection on PostgreSQL (parse and plan skipped after that). */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}
export type Statement = string | PreparedStatement;

const preparedNames = new Map<string, string>();
/** Names a statement for node-postgres; a name stands for one text only (the server keys plans by name). */
export function prepared(name: string, text: string): PreparedStatement {
  const known = preparedNames.get(name);
  if (known !== undefined && known !== text)
    throw new Error(`prepared statement ${name} is already defined with another text`);
  preparedNames.set(name, text);
  return Object.freeze({ name, text });
}
const textOf = (statement: Statement): string => (typeof statement === 'string' ? statement : statement.text);

export interface Executor {
  query<T = Row>(statement: Statement, params?: readonly unknown[]): Promise<T[]>;
}

/** Connection pool occupancy, where the driver exposes it (node-postgres; PGlite has one in-process connection). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Database extends Executor {
  readonly kind: 'pglite' | 'postgres';
  poolStats?(): PoolStats;
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel; returns an unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Timestamps come back as Date on both engines; int8 and numeric are avoided in the
// schema (or cast in SQL) so both engines return the same JS types.

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Loaded only here: its WebAssembly costs a PostgreSQL deployment ~50 MB of memory for nothing.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  return wrapPglite(db);
}

export function wrapPglite(db: PGlite): Database {
  let closed = false;
  return {
    kind: 'pglite',
    async query<T>(statement: Statement, params?: readonly unknown[]) {
      const res = await db.query<T>(textOf(statement), params as unknown[] | undefined);
      return res.rows;
    },
    async transaction<T>(fn: (tx: Executor) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<R>(statement: Statement, params?: readonly unknown[]) {
            const res = await tx.query<R>(textOf(statement), params as unknown[] | undefined);
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

/**
 * Runs a statement on the pool or on a checked-out client. Given a config object, node-postgres copies it
 * property by property before every query (about 2 µs, a noticeable share of the hottest read); a Query
 * built from the text skips that copy, and its name is set afterwards (the driver reads it when it sends the
 * query). Errors keep the driver's stack, not the caller's: they are told apart by their code.
 */
function runPg<T>(on: pg.Pool | pg.PoolClient, statement: Statement, params?: readonly unknown[]): Promise<T[]> {
  const query = new pg.Query(textOf(statement), params as unknown[] | undefined);
  if (typeof statement !== 'string') (query as unknown as { name: string }).name = statement.name;
  return new Promise<T[]>((resolve, reject) => {
    const done = (err: Error | undefined, res: { rows: T[] }) => (err ? reject(err) : resolve(res.rows));
    (on.query as unknown as (q: pg.Query, cb: typeof done) => void).call(on, query, done);
  });
}

/** Names the LISTEN connection in pg_stat_activity, for operators (and the test that cuts it). */
export const LISTEN_APPLICATION_NAME = 'valuation-service-listen';
/** How soon a lost LISTEN connection is re-opened. */
const LISTEN_RETRY_MS = 250;

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
  let reconnectTimer: NodeJS.Timeout | undefined;

  // Every handler hears '' when notifications may have been missed (the LISTEN connection was lost,
  // or has just come back): caches drop everything, pollers look again. The connection heals itself.
  const resync = () => {
    for (const set of handlers.values()) for (const h of set) h('');
  };
  let connecting: Promise<void> | undefined;
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (!closed && !listenClient) ensureListener().then(resync, scheduleReconnect);
    }, LISTEN_RETRY_MS);
  };
  const ensureListener = (): Promise<void> =>
    (connecting ??= connectListener().finally(() => (connecting = undefined)));
  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (listenClient === client) listenClient = undefined;
      client.end().catch(() => {});
      if (closed) return;
      resync();
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    await client.connect();
    for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    listenClient = client;
  };

  const max = options.max ?? 10;
  return {
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    query<T>(statement: Statement, params?: readonly unknown[]) {
      return runPg<T>(pool, statement, params);
    },
    async transaction<T>(fn: (tx: Executor) => Promise<T>) {
      const client = await pool.connect();
      let broken = false;
      // The pool listens for errors only on idle clients: a connection lost while this one is checked out
      // (a terminated backend, a database restart) is emitted here, and unheard it would crash the process.
      // The failing query rejects as well; the client is then discarded, not returned to the pool.
      const onLost = () => {
        broken = true;
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query<R>(statement: Statement, params?: readonly unknown[]) {
            return runPg<R>(client, statement, params);
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
        client.removeListener('error', onLost);
        client.release(broken);
      }
    },
    async listen(channel, onNotify) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (listenClient) await listenClient.query(`LISTEN ${channel}`);
      }
      set.add(onNotify);
      if (!listenClient)
        await ensureListener().catch((err) => {
          scheduleReconnect();
          throw err;
        });
      return async () => {
        set!.delete(onNotify);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_POOL_MAX?: number;
}): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
  return openPglite({ dataDir: `${config.DATA_DIR.replace(/\/$/, '')}/pg` });
}
