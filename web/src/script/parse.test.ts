import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import { encodeCommands, formatScript, locate, parseScript } from './parse';
import { familySchema, type FamilySchema } from './schema';

let heap: FamilySchema;
beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
  heap = familySchema('heap');
});

const ok = (text: string, g: Pick<FamilySchema, 'ops'> = heap) => {
  const r = parseScript(text, g);
  if (!r.ok) throw new Error(r.error.message);
  return r.commands.map(({ op, args }) => (args.length ? { op, args } : { op }));
};
const err = (text: string, g: Pick<FamilySchema, 'ops'> = heap) => {
  const r = parseScript(text, g);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('the script parser, built from the heap grammar Rust exports', () => {
  it('reads every command, any separator, any spacing and case', () => {
    expect(ok('add 5, add 3;poll\nremove 3 ,  schedule 4,cancel-in-order,CANCEL-REVERSE')).toEqual([
      { op: 'add', args: [5] }, { op: 'add', args: [3] }, { op: 'poll' }, { op: 'remove', args: [3] },
      { op: 'schedule', args: [4] }, { op: 'cancel-in-order' }, { op: 'cancel-reverse' },
    ]);
    expect(ok('')).toEqual([]);
    expect(ok(' , ,')).toEqual([]);
  });

  it('round-trips through its canonical form', () => {
    const text = 'add 5, poll, remove 5, schedule 3, cancel-reverse';
    const r = parseScript(text.toUpperCase().replace(/, /g, ' ;\n'), heap);
    if (!r.ok) throw new Error(r.error.message);
    expect(formatScript(r.commands)).toBe(text);
  });

  it('encodes [opcode, a, b, c] per command for wasm', () => {
    const r = parseScript('add 7, poll, cancel-reverse', heap);
    if (!r.ok) throw new Error();
    expect(Array.from(encodeCommands(r.commands))).toEqual([0, 7, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0]);
  });

  it('locates an unknown command', () => {
    expect(err('add 5,add 3,add 9,remve 5,poll')).toEqual({
      message: 'command 4: "remve" is not a command; expected add, poll, remove, schedule, cancel-in-order, cancel-reverse',
      start: 18, end: 23,
    });
  });

  it('explains missing, extra and malformed arguments', () => {
    expect(err('add').message).toBe('command 1: add needs a deadline, e.g. "add 40"');
    expect(err('poll 3')).toMatchObject({ message: 'command 1: poll takes no argument', start: 5, end: 6 });
    expect(err('add 5, remove x')).toMatchObject({ message: 'command 2: "x" is not a whole number; remove needs a deadline, e.g. "remove 40"', start: 14, end: 15 });
    expect(err('add 5 6')).toMatchObject({ message: 'command 1: unexpected "6" after add 5; separate commands with commas', start: 6 });
    expect(err('add -4').message).toContain('"-4" is not a whole number');
  });

  it('states its limits rather than clamping', () => {
    expect(err('add 4294967296').message).toBe('command 1: add takes a deadline from 0 to 4,294,967,295, not 4,294,967,296');
    expect(err('schedule 0').message).toBe('command 1: schedule takes a count from 1 to 1,000,000, not 0');
    expect(err('schedule 1000001').message).toContain('from 1 to 1,000,000');
    expect(err('add 123456789012345678901234').message).toContain('not 123456789012345678901234');
    expect(ok('schedule 1000000')).toEqual([{ op: 'schedule', args: [1_000_000] }]);
  });

  it('handles commands with several arguments', () => {
    const g = { ops: [{ name: 'add', args: [{ what: 'an id', min: 1, max: 9 }, { what: 'a delay', min: 0, max: 100 }], example: 'add 1 20' }] };
    expect(ok('add 3 40', g)).toEqual([{ op: 'add', args: [3, 40] }]);
    expect(err('add 3', g).message).toBe('command 1: add needs an id and a delay, e.g. "add 1 20"');
    expect(err('add 3 400', g)).toMatchObject({ message: 'command 1: add takes a delay from 0 to 100, not 400', start: 6, end: 9 });
  });

  it('turns a planner message into a located error', () => {
    const r = parseScript('add 1, schedule 3', heap);
    if (!r.ok) throw new Error();
    expect(locate('command 2: too many', r.commands)).toEqual({ message: 'command 2: too many', start: 7, end: 17 });
  });
});
