// The class server's database: PostgreSQL, either embedded (PGlite: PostgreSQL compiled to
// WebAssembly, in this process, its data in one folder, no setup) or a PostgreSQL server when
// DATABASE_URL says postgres://…, which lets several server instances share one class. One SQL
// dialect for both, through Knex; migrations run on open. Changes are announced with NOTIFY, so
// every instance's live teacher pages hear of answers another instance stored.
import { randomBytes } from 'node:crypto';
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

/** PostgreSQL refuses a notification's payload from 8,000 bytes on; ids go out in notes under this. */
const MAX_PAYLOAD = 7900;

/** A change as the notes that carry it: one, or (many ids, as a roster of 2,000 has) several of the same kind. */
export function changeTexts(c: Change): string[] {
  if (c.kind === 'class') return [changeText(c)];
  const head = changeText({ ...c, ids: [] });
  const texts: string[] = [];
  let ids: string[] = [];
  let length = head.length;
  for (const id of c.ids) {
    if (ids.length && length + id.length + 1 > MAX_PAYLOAD) {
      texts.push(head + ids.join(','));
      ids = [];
      length = head.length;
    }
    ids.push(id);
    length += id.length + 1;
  }
  return [...texts, head + ids.join(',')];
}

/** Announces a change to every instance (sent when the transaction `k` belongs to commits). */
export async function announce(k: Knex, c: Change): Promise<void> {
  for (const text of changeTexts(c)) await k.raw('select pg_notify(?, ?)', [CHANGES, text]);
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
 *
 * A connection can also go silent without ending: an idle timeout in a proxy or a firewall, a
 * partition, a backend that stopped. Nothing then tells the client, and every change after it is
 * missed while the instance goes on trusting what it kept. So the feed checks itself: the socket
 * has TCP keepalive, and every `beatMs` the instance announces a heartbeat of its own through
 * another connection (the pool's) and expects to hear it back on the LISTEN connection. When
 * `missAfter` beats go unheard the feed counts as lost: its connection is torn down (without
 * waiting for a goodbye the other end may never send) and opened again.
 */
class ChangeFeed implements Feed {
  private client: pg.Client | null = null;
  private isUp = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private beat: NodeJS.Timeout | undefined;
  private readonly watchers = new Set<(up: boolean) => void>();
  /** This instance's heartbeat text: only its own beats count as heard. */
  private readonly me = `${HEARTBEAT}${randomBytes(6).toString('hex')}`;
  private heardAt = 0;

  constructor(private readonly url: string, private readonly knex: Knex, private readonly tell: (payload: string | undefined) => void,
    private readonly log: (line: string) => void, private readonly beatMs: number, private readonly missAfter = 3) {}

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
    this.beat = setInterval(() => void this.heartbeat(), this.beatMs);
    this.beat.unref();
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client, new Error('the connection ended')));
    client.on('notification', (n) => {
      if (n.payload?.startsWith(HEARTBEAT)) {
        if (n.payload === this.me) this.heardAt = Date.now();
      } else this.tell(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES}`);
    } catch (e) {
      client.removeAllListeners('end');
      tearDown(client);
      throw e;
    }
    this.client = client;
    this.heardAt = Date.now();
    this.set(true);
  }

  /** Sends a heartbeat, and counts the feed lost when none came back for `missAfter` beats. */
  private async heartbeat() {
    const client = this.client;
    if (!client || this.stopped) return;
    const silent = Date.now() - this.heardAt;
    if (silent > this.missAfter * this.beatMs) {
      this.lost(client, new Error(`it delivered none of this instance's heartbeats for ${(silent / 1000).toFixed(1)} s`));
      return;
    }
    // Through the pool: a stalled LISTEN connection must not hold up the beat that tests it.
    await this.knex.raw('select pg_notify(?, ?)', [CHANGES, this.me]).catch(() => {});
  }

  private lost(client: pg.Client, e: Error) {
    if (this.stopped || client !== this.client) return;
    this.client = null;
    this.log(`The class server lost its PostgreSQL change feed (${e.message}); reconnecting. Answers are still taken when the database answers; live pages catch up when the feed is back.`);
    this.set(false);
    tearDown(client);
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
    clearInterval(this.beat);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {});
  }
}

/** Heartbeats on the change channel start with this; parseChange knows no such kind. */
const HEARTBEAT = 'h:';

/**
 * Ends a connection without waiting for the other end, which may never answer (a stopped
 * backend, a partition): `end()` would wait for its goodbye.
 */
function tearDown(client: pg.Client) {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  void client.end().catch(() => {});
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
  /** PostgreSQL: milliseconds between the change feed's heartbeats (it is counted lost after three unheard). */
  heartbeatMs?: number;
}

export async function openDb({ url, dir, log = console.error, heartbeatMs = 2000 }: DbOptions): Promise<Db> {
  const listeners = new Set<(change: Change) => void>();
  const tell = (payload: string | undefined) => {
    const change = payload ? parseChange(payload) : null;
    if (change) for (const fn of listeners) fn(change);
  };
  let db: Db;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL must start with postgres:// (it starts “${url.slice(0, 12)}”)`);
    const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 } });
    const feed = new ChangeFeed(url, knex, tell, log, heartbeatMs);
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
