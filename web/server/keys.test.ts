// @vitest-environment node
// Keys kept by an instance, against a database whose answers the test holds back: a row read
// while a change to it is heard is not kept (it may be older than the change), whether the read
// was a key check's or one made ahead when a join was heard (issue 59 item 6).
import { describe, expect, it } from 'vitest';
import type { Db } from './db';
import { Keys } from './keys';
import { tokenHash } from './tokens';

/** A database whose students' rows come when the test says: each query waits in `asked`. */
function heldDb() {
  const asked: { ids: string[]; answer: (rows: Record<string, unknown>[]) => void }[] = [];
  const knex = (table: string) => ({
    whereIn: (_column: string, ids: string[]) => {
      if (table !== 'students') throw new Error(`no ${table} here`);
      return new Promise<Record<string, unknown>[]>((answer) => asked.push({ ids, answer }));
    },
    where: () => ({ first: async () => ({ id: 'c1', name: 'Class', lessons: '[]', seed: 's', seed_per_student: false, policy: 'practice', created_at: new Date().toISOString(), teacher_token_hash: tokenHash('t') }) }),
  });
  return { db: { knex } as unknown as Db, asked };
}

const row = (id: string, secret: string) => ({ id, class_id: 'c1', name: id, seed: 's', joined_at: new Date().toISOString(), token_hash: tokenHash(secret) });
const turn = () => new Promise((r) => setImmediate(r));
/** A join heard is read ahead a turn later, in a batch read the turn after. */
const twoTurns = async () => {
  await turn();
  await turn();
};

describe('keys kept by an instance', () => {
  it('reads the rows of students who joined elsewhere ahead, together, and keeps them', async () => {
    const { db, asked } = heldDb();
    const keys = new Keys(db, 300);
    keys.studentsJoined(['s1', 's2', 's3']);
    await twoTurns();
    expect(asked.map((q) => q.ids)).toEqual([['s1', 's2', 's3']]);
    asked[0].answer([row('s1', 'k1'), row('s2', 'k2'), row('s3', 'k3')]);
    await turn();
    expect(await keys.student('s2.k2', '10.0.0.1')).toMatchObject({ ok: { student: { id: 's2' } } });
    expect(asked).toHaveLength(1);
  });

  it('does not keep a row read ahead while its student was removed', async () => {
    const { db, asked } = heldDb();
    const keys = new Keys(db, 300);
    keys.studentsJoined(['s1']);
    await twoTurns();
    keys.studentChanged('s1'); // removed on another instance while the read was under way
    asked[0].answer([row('s1', 'k1')]);
    await turn();
    // Its key is checked against the row as it is now: gone.
    const checking = keys.student('s1.k1', '10.0.0.1');
    await turn();
    expect(asked).toHaveLength(2);
    asked[1].answer([]);
    expect(await checking).toEqual({ refused: 'no-such-key' });
  });

  it('does not keep a row a key check read while its student was removed', async () => {
    const { db, asked } = heldDb();
    const keys = new Keys(db, 300);
    const first = keys.student('s1.k1', '10.0.0.1');
    await turn();
    keys.studentChanged('s1');
    asked[0].answer([row('s1', 'k1')]);
    // This check answers with what it read …
    expect(await first).toMatchObject({ ok: { student: { id: 's1' } } });
    // … but the next one reads the row again.
    const second = keys.student('s1.k1', '10.0.0.1');
    await turn();
    expect(asked).toHaveLength(2);
    asked[1].answer([]);
    expect(await second).toEqual({ refused: 'no-such-key' });
  });

  it('reads rows asked for in the same turn together, and keeps nothing read while the feed went down', async () => {
    const { db, asked } = heldDb();
    const keys = new Keys(db, 300);
    const checks = ['s1.k1', 's2.k2'].map((t) => keys.student(t, '10.0.0.1'));
    await turn();
    expect(asked.map((q) => q.ids)).toEqual([['s1', 's2']]);
    keys.feed(false);
    keys.feed(true);
    asked[0].answer([row('s1', 'k1'), row('s2', 'k2')]);
    expect((await Promise.all(checks)).map((c) => 'ok' in c)).toEqual([true, true]);
    void keys.student('s1.k1', '10.0.0.1');
    await turn();
    expect(asked).toHaveLength(2);
  });
});
