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

export interface Db {
  knex: Knex;
  /** 'embedded' (PGlite in `dir`) or 'postgres'. */
  kind: 'embedded' | 'postgres';
  /** Where the embedded database keeps its files. */
  dir?: string;
  /** Calls `fn` with a class id whenever any instance stores an action of that class. */
  onChange(fn: (classId: string) => void): () => void;
  close(): Promise<void>;
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
}

export async function openDb({ url, dir }: DbOptions): Promise<Db> {
  const listeners = new Set<(classId: string) => void>();
  const tell = (payload: string | undefined) => {
    if (payload) for (const fn of listeners) fn(payload);
  };
  let db: Db;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL must start with postgres:// (it starts “${url.slice(0, 12)}”)`);
    const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 } });
    // One connection of its own, kept open, for LISTEN.
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    listener.on('notification', (n) => tell(n.payload));
    await listener.query(`LISTEN ${CHANGES}`);
    db = {
      knex, kind: 'postgres', onChange: (fn) => (listeners.add(fn), () => listeners.delete(fn)),
      async close() {
        await listener.end();
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
      knex, kind: 'embedded', dir, onChange: (fn) => (listeners.add(fn), () => listeners.delete(fn)),
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
