import { describe, expect, it } from 'vitest';
import { checkClassName, checkName } from './names';

describe('a joining student’s name', () => {
  it('is one name however its accents were typed, and keeps the case and spacing it was typed with', () => {
    const composed = checkName('José  Ruiz');
    const decomposed = checkName('Jose\u0301 Ruiz');
    expect(composed).toEqual({ ok: true, name: 'José Ruiz', key: 'josé ruiz' });
    expect(decomposed).toEqual(composed);
  });

  it('refuses invisible characters, saying which and where, and names with nothing visible', () => {
    expect(checkName('Alice\u200b')).toEqual({ ok: false, problem: 'The name “Alice” has an invisible character (U+200B) at character 6: type it again without it.' });
    expect(checkName('\u200b\u200d')).toMatchObject({ ok: false, problem: expect.stringContaining('(U+200B) at character 1') });
    expect(checkName('--')).toEqual({ ok: false, problem: 'The name needs at least one letter or digit.' });
    expect(checkName('Bo\ud800')).toMatchObject({ ok: false, problem: expect.stringContaining('could not be read') });
    expect(checkName('Bo\ufffd')).toMatchObject({ ok: false, problem: expect.stringContaining('could not be read') });
  });

  it('refuses a word that mixes look-alike alphabets, and takes each alphabet alone', () => {
    expect(checkName('\u0410lice')).toEqual({ ok: false, problem: 'The word “Аlice” mixes Latin and Cyrillic letters, which look alike: type it again in one alphabet.' });
    expect(checkName('Алиса Smith')).toMatchObject({ ok: true, name: 'Алиса Smith' });
    expect(checkName('Σοφία')).toMatchObject({ ok: true });
    expect(checkName('李雷')).toMatchObject({ ok: true });
  });
});

describe('a class’s name', () => {
  it('is refused when invisible, turned round by a right-to-left override, or broken; kept as typed otherwise', () => {
    expect(checkClassName('\u200b\u2060')).toMatchObject({ ok: false, problem: expect.stringContaining('The class name “” has an invisible character (U+200B) at character 1') });
    expect(checkClassName('Class \u202eA7')).toMatchObject({ ok: false, problem: expect.stringContaining('(U+202E) at character 7') });
    expect(checkClassName('Class \ud800')).toMatchObject({ ok: false, problem: expect.stringContaining('could not be read') });
    expect(checkClassName('Алгоритмы, Mo 9:00')).toEqual({ ok: true, name: 'Алгоритмы, Mo 9:00' });
  });
});
