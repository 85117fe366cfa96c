// What the class server's tests share: the backends to run against (the embedded database
// always; a PostgreSQL server too when `npm test` started one and set HOTPATH_TEST_DATABASE_URL),
// each test getting a database of its own.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomBytes } from 'node:crypto';

export interface Backend {
  name: 'embedded' | 'postgres';
  /** A fresh, empty database: its URL (PostgreSQL) or folder (embedded), and how to remove it. */
  fresh(): Promise<{ url?: string; dir?: string; drop(): Promise<void> }>;
}

/** An empty embedded database made once (PGlite's initdb takes seconds), copied for each test that wants its own. */
let template: Promise<string> | null = null;

const embedded: Backend = {
  name: 'embedded',
  async fresh() {
    template ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'hotpath-class-template-'));
      const lite = new PGlite(dir);
      await lite.waitReady;
      await lite.close();
      process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
      return dir;
    })();
    const from = await template;
    const dir = mkdtempSync(join(tmpdir(), 'hotpath-class-test-'));
    cpSync(from, dir, { recursive: true });
    return { dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

function postgres(server: string): Backend {
  return {
    name: 'postgres',
    async fresh() {
      const name = `hotpath_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(server);
      url.pathname = `/${name}`;
      return {
        url: url.href,
        async drop() {
          const c = new pg.Client({ connectionString: server });
          await c.connect();
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await c.end();
        },
      };
    },
  };
}

/** The embedded database, and PostgreSQL when one is there to test against. */
export function backends(): Backend[] {
  const url = process.env.HOTPATH_TEST_DATABASE_URL;
  return url ? [embedded, postgres(url)] : [embedded];
}
