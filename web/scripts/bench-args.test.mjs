import { mkdtempSync, existsSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArgsError, HelpRequested, USAGE, checkOutputs, parseBenchArgs } from './bench-args.mjs';

describe('npm run bench arguments', () => {
  it('reads a suite, a preset and outputs', () => {
    expect(parseBenchArgs(['heap-cancel'])).toEqual({
      suite: 'heap-cancel', preset: 'quick', json: undefined, csv: undefined, only: undefined, native: false, jvm: false, saveJvm: false, jvmOnly: false, saveWasm: false, chromium: false, firefox: false,
    });
    expect(parseBenchArgs(['heap-cancel', '--jvm'])).toMatchObject({ jvm: true, saveJvm: false });
    expect(parseBenchArgs(['heap-cancel', '--save-jvm'])).toMatchObject({ jvm: true, saveJvm: true });
    expect(() => parseBenchArgs(['heap-cancel', '--jvm', '--jvm'])).toThrow('--jvm is given twice');
    expect(parseBenchArgs(['heap-cancel', '--jvm-only', '--save-jvm', '--full'])).toMatchObject({ jvm: true, jvmOnly: true, saveJvm: true, preset: 'full' });
    expect(() => parseBenchArgs(['heap-cancel', '--jvm-only', '--native'])).toThrow('--jvm-only runs no wasm rows');
    expect(() => parseBenchArgs(['heap-cancel', '--only', 'Reverse', '--save-wasm'])).toThrow('--save-wasm keeps a whole run for the benchmark panel: run every row (drop --only "Reverse")');
    expect(() => parseBenchArgs(['heap-cancel', '--jvm-only', '--save-jvm', '--only', 'Reverse'])).toThrow('--save-jvm keeps a whole run');
    expect(parseBenchArgs(['heap-cancel', '--jvm', '--only', 'Reverse'])).toMatchObject({ jvm: true, only: 'Reverse', saveJvm: false });
    expect(parseBenchArgs(['heap-cancel', '--save-wasm'])).toMatchObject({ saveWasm: true });
    expect(parseBenchArgs(['udp-queue', '--chromium', '--full', '--json', 'c.json'])).toMatchObject({ chromium: true, preset: 'full', json: 'c.json' });
    expect(() => parseBenchArgs(['udp-queue', '--chromium', '--native'])).toThrow('--chromium runs a JMH suite');
    expect(parseBenchArgs(['heap-cancel', '--chromium', '--firefox', '--jvm'])).toMatchObject({ chromium: true, firefox: true, jvm: true, saveJvm: false });
    expect(parseBenchArgs(['heap-cancel', '--firefox'])).toMatchObject({ chromium: false, firefox: true, jvm: false });
    expect(() => parseBenchArgs(['heap-cancel', '--firefox', '--firefox'])).toThrow('--firefox is given twice');
    expect(() => parseBenchArgs(['heap-cancel', '--chromium', '--firefox', '--save-jvm'])).toThrow('--chromium --firefox runs a JMH suite');
    expect(() => parseBenchArgs(['heap-cancel', '--firefox', '--jvm-only'])).toThrow('--firefox runs a JMH suite');
    expect(() => parseBenchArgs(['recycler-threads', '--firefox'])).toThrow('--firefox runs a JMH suite');
    expect(() => parseBenchArgs(['purgatory', '--chromium'])).toThrow('--chromium runs a JMH suite');
    expect(parseBenchArgs(['--full', 'heap-cancel', '--json', 'out.json', '--native', '--only', 'Reverse']))
      .toMatchObject({ suite: 'heap-cancel', preset: 'full', json: 'out.json', native: true, only: 'Reverse' });
  });

  it('names what is wrong and lists the valid choices', () => {
    expect(() => parseBenchArgs(['heap-cancle'])).toThrow('Unknown suite "heap-cancle"; the suites are: heap-cancel, timer-add-cancel, udp-queue, recycler, purgatory, queue-threads, recycler-threads, class.');
    expect(() => parseBenchArgs(['heap-cancel', '--fast'])).toThrow(/Unknown option --fast\.\nusage: npm run bench/);
    expect(() => parseBenchArgs(['heap-cancel', '--json'])).toThrow('--json needs a value.');
    expect(() => parseBenchArgs([])).toThrow('Name a suite.');
    expect(() => parseBenchArgs(['heap-cancel', 'heap-cancel'])).toThrow('one suite at a time');
  });

  it('refuses what would otherwise be a silent choice', () => {
    expect(() => parseBenchArgs(['heap-cancel', '--only', ''])).toThrow('--only needs a non-empty value.');
    expect(() => parseBenchArgs(['heap-cancel', '--quick', '--full'])).toThrow('Choose one preset: --quick or --full, not both.');
    expect(() => parseBenchArgs(['heap-cancel', '--json', 'a', '--json', 'b'])).toThrow('--json is given twice');
    expect(() => parseBenchArgs(['heap-cancel', '--json', 'a', '--csv', 'a'])).toThrow('name the same file');
  });

  it('answers --help with the usage, not an error', () => {
    expect(() => parseBenchArgs(['heap-cancel', '--help'])).toThrow(HelpRequested);
    expect(() => parseBenchArgs(['--help'])).not.toThrow(ArgsError);
    try {
      parseBenchArgs(['-h']);
    } catch (e) {
      expect(e.message).toBe(USAGE);
    }
  });

  it('checks output files before anything runs, and leaves no trace of the check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-args-'));
    const fresh = join(dir, 'out.json');
    checkOutputs({ json: fresh });
    expect(existsSync(fresh)).toBe(false);
    const old = join(dir, 'old.csv');
    writeFileSync(old, 'keep me');
    checkOutputs({ csv: old });
    expect(readFileSync(old, 'utf8')).toBe('keep me');
    expect(() => checkOutputs({ json: dir })).toThrow(`--json ${dir} cannot be written (it is a directory); nothing was run.`);
    expect(() => checkOutputs({ csv: join(dir, 'no', 'such.csv') })).toThrow(`its folder, ${join(dir, 'no')}, does not exist`);
    expect(() => checkOutputs({ json: '/proc/x.json' })).toThrow('--json /proc/x.json cannot be written (/proc does not accept new files)');
  });
});
