import { describe, expect, it } from 'vitest';
import { encodeCommands, formatScript, parseScript } from './script';

const ok = (text: string) => {
  const r = parseScript(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.commands.map(({ op, arg }) => (arg === undefined ? { op } : { op, arg }));
};
const err = (text: string) => {
  const r = parseScript(text);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('the ops script', () => {
  it('reads every operation, any separator, any spacing and case', () => {
    expect(ok('add 5, add 3;poll\nremove 3 ,  schedule 4,cancel-in-order,CANCEL-REVERSE')).toEqual([
      { op: 'add', arg: 5 }, { op: 'add', arg: 3 }, { op: 'poll' }, { op: 'remove', arg: 3 },
      { op: 'schedule', arg: 4 }, { op: 'cancel-in-order' }, { op: 'cancel-reverse' },
    ]);
    expect(ok('')).toEqual([]);
    expect(ok(' , ,')).toEqual([]);
  });

  it('round-trips through its canonical form', () => {
    const text = 'add 5, poll, remove 5, schedule 3, cancel-reverse';
    expect(formatScript(ok(text) as never)).toBe(text);
  });

  it('encodes [opcode, argument] pairs for wasm', () => {
    expect(Array.from(encodeCommands([{ op: 'add', arg: 7 }, { op: 'poll' }, { op: 'cancel-reverse' }])))
      .toEqual([0, 7, 1, 0, 5, 0]);
  });

  it('locates an unknown operation', () => {
    expect(err('add 5,add 3,add 9,remve 5,poll')).toEqual({
      message: 'op 4: "remve" is not an operation; expected add, poll, remove, schedule, cancel-in-order, cancel-reverse',
      start: 18, end: 23,
    });
  });

  it('explains missing, extra and malformed arguments', () => {
    expect(err('add').message).toBe('op 1: add needs a deadline, e.g. "add 40"');
    expect(err('poll 3').message).toBe('op 1: poll takes no argument');
    expect(err('add 5, remove x')).toMatchObject({ message: 'op 2: "x" is not a whole number; remove needs a deadline, e.g. "remove 40"', start: 14, end: 15 });
    expect(err('add 5 6').message).toBe('op 1: unexpected "6" after add 5; separate operations with commas');
    expect(err('add -4').message).toContain('"-4" is not a whole number');
  });

  it('states its limits rather than clamping', () => {
    expect(err('add 4294967296').message).toBe('op 1: 4,294,967,296 is too large; deadlines go up to 4,294,967,295');
    expect(err('schedule 0').message).toBe('op 1: schedule takes a count from 1 to 1,000,000, not 0');
    expect(err('schedule 1000001').message).toContain('from 1 to 1,000,000');
    expect(ok('schedule 1000000')).toEqual([{ op: 'schedule', arg: 1_000_000 }]);
  });
});
