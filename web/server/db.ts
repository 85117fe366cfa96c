// The class server's database: PostgreSQL, either embedded (PGlite: PostgreSQL compiled to
// WebAssembly, in this process, its data in one folder, no setup) or a PostgreSQL server when
// DATABASE_URL says postgres://…, which lets several server instances share one class. One SQL
// dialect for both, through Knex; migrations run on open. Changes are announced with NOTIFY, so
// every instance's live teacher pages hear of answers another instance stored.
import { mkdirSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations';

export const CHANGES = 'hotpath_class_changes';

/**
 * What a notification on CHANGES says, one class at a time: answers stored (their row ids),
 * students new to the class (joined by name, or listed on the roster), students changed (a key,
 * a code or a due date), students removed (or merged away), or the class itself changed or
 * deleted. Its text is `a:<class>:<id>,<id>…`, `j:…`, `s:…`, `r:…` or `c:<class>` (ids are
 * URL-safe base64 or digits, so `:` and `,` never occur in them).
 */
export type Change = { kind: 'action' | 'joined' | 'student' | 'removed'; classId: string; ids: string[] } | { kind: 'class'; classId: string };

const KINDS = { a: 'action', j: 'joined', s: 'student', r: 'removed', c: 'class' } as const;

export function changeText(c: Change): string {
  const kind = Object.entries(KINDS).find(([, v]) => v === c.kind)![0];
  return c.kind === 'class' ? `${kind}:${c.classId}` : `${kind}:${c.classId}:${c.ids.join(',')}`;
}

export function parseChange(text: string): Change | null {
  const [k, classId, ids] = text.split(':');
  const kind = KINDS[k as keyof typeof KINDS];
  if (!kind || !classId) return null;
  return kind === 'class' ? { kind, classId } : { kind, classId, ids: ids ? ids.split(',') : [] };
}

/** Announces a change to every instance (sent when the transaction `k` belongs to commits). */
export async function announce(k: Knex, c: Change): Promise<void> {
  await k.raw('select pg_notify(?, ?)', [CHANGES, changeText(c)]);
}

export interface Db {
  knex: Knex;
  /** 'embedded' (PGlite in `dir`) or 'postgres'. */
  kind: 'embedded' | 'postgres';
  /** Where the embedded database keeps its files. */
  dir?: string;
  /** Calls `fn` with each change any instance announces (answers stored, students joined, a class edited). */
  onChange(fn: (change: Change) => void): () => void;
  /** Whether changes are being heard (PostgreSQL: the LISTEN connection is up). */
  feed: Feed;
  close(): Promise<void>;
}

/** The change feed's state: while it is down, changes stored meanwhile go unheard. */
export interface Feed {
  up(): boolean;
  /** Calls `fn` each time the feed goes down or comes back. */
  onState(fn: (up: boolean) => void): () => void;
}

const ALWAYS_UP: Feed = { up: () => true, onState: () => () => {} };

/**
 * PostgreSQL's LISTEN, on one connection of its own, kept up: a restart, a failover or a dropped
 * connection ends it (an 'error' on the client, which unhandled would end the process), and it is
 * opened again, with growing pauses, until it is back. While it is down nothing stored on another
 * instance is heard, so whoever follows changes is told (they catch up when it returns).
 */
class ChangeFeed implements Feed {
  private client: pg.Client | null = null;
  private isUp = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly watchers = new Set<(up: boolean) => void>();

  constructor(private readonly url: string, private readonly tell: (payload: string | undefined) => void, private readonly log: (line: string) => void) {}

  up() {
    return this.isUp;
  }

  onState(fn: (up: boolean) => void) {
    this.watchers.add(fn);
    return () => void this.watchers.delete(fn);
  }

  /** The first connection: a failure here is the server's to report (it cannot start). */
  async start() {
    await this.connect();
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    client.on('notification', (n) => this.tell(n.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES}`);
    } catch (e) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw e;
    }
    this.client = client;
    this.set(true);
  }

  private lost(client: pg.Client, e: Error) {
    if (this.stopped || client !== this.client) return;
    this.client = null;
    this.log(`The class server lost its PostgreSQL change feed (${e.message}); reconnecting. Answers are still taken when the database answers; live pages catch up when the feed is back.`);
    this.set(false);
    void client.end().catch(() => {});
    this.schedule(250);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.connect().then(
        () => this.log('The class server\'s PostgreSQL change feed is back.'),
        () => this.schedule(Math.min(ms * 2, 5000)),
      );
    }, ms);
  }

  private set(up: boolean) {
    if (this.isUp === up) return;
    this.isUp = up;
    for (const fn of this.watchers) fn(up);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }
}

const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => m,
};

export interface DbOptions {
  /** postgres://… for a PostgreSQL server; otherwise the embedded database. */
  url?: string;
  /** The embedded database's folder; undefined: in memory (tests). */
  dir?: string;
  /** Where to say that the change feed was lost and is back (the console). */
  log?: (line: string) => void;
}

export async function openDb({ url, dir, log = console.error }: DbOptions): Promise<Db> {
  const listeners = new Set<(change: Change) => void>();
  const tell = (payload: string | undefined) => {
    const change = payload ? parseChange(payload) : null;
    if (change) for (const fn of listeners) fn(change);
  };
  let db: Db;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL must start with postgres:// (it starts “${url.slice(0, 12)}”)`);
    const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 } });
    const feed = new ChangeFeed(url, tell, log);
    await feed.start();
    db = {
      knex, kind: 'postgres', onChange: (fn) => (listeners.add(fn), () => listeners.delete(fn)), feed,
      async close() {
        await feed.stop();
        await knex.destroy();
      },
    };
  } else {
    if (dir) mkdirSync(dir, { recursive: true });
    const lite = new PGlite(dir);
    await lite.waitReady;
    const knex = knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: () => ({ pglite: lite }) as object });
    await lite.listen(CHANGES, tell);
    db = {
      knex, kind: 'embedded', dir, onChange: (fn) => (listeners.add(fn), () => listeners.delete(fn)), feed: ALWAYS_UP,
      async close() {
        await knex.destroy();
        if (!lite.closed) await lite.close();
      },
    };
  }
  try {
    await db.knex.migrate.latest({ migrationSource });
  } catch (e) {
    await db.close();
    throw e;
  }
  return db;
}

/** The migrations applied, oldest first (for tests and the status line). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const [done] = await db.knex.migrate.list({ migrationSource }) as [{ name: string }[], unknown];
  return done.map((m) => m.name);
}

/** Undoes every migration (tests prove each has a way back). */
export async function rollbackAll(db: Db): Promise<void> {
  await db.knex.migrate.rollback({ migrationSource }, true);
}
