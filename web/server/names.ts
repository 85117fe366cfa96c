// A student's name, as joined: what one person types must not turn into two rows ("José" typed
// two ways) nor let another pass for them ("Alice" with an invisible character, or with a
// Cyrillic "А"), and nothing is changed behind the student's back: a name is refused with the
// reason and the place, or stored as typed in its composed (NFC) form.

export type NameCheck = { ok: true; name: string; key: string } | { ok: false; problem: string };

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const shown = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Characters nobody sees: format characters, default-ignorables, private use, controls. */
const INVISIBLE = /[\p{Cf}\p{Co}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;
/** The alphabets whose letters look alike; one word mixing them is refused. */
const LOOKALIKE = [['Latin', /\p{Script=Latin}/u], ['Cyrillic', /\p{Script=Cyrillic}/u], ['Greek', /\p{Script=Greek}/u]] as const;

/** The name as compared: compatibility-composed, spaces collapsed, case ignored. */
export const nameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** What any name shown to others must be: readable, visible, with a letter or digit. `what` names it in the sentence. */
function readable(typed: string, what: string): { ok: true; name: string } | { ok: false; problem: string } {
  const What = what[0].toUpperCase() + what.slice(1);
  if (/[\uD800-\uDFFF\uFFFD]/u.test(typed)) return { ok: false, problem: `${What} has a character that could not be read (a broken or replaced character): type it again.` };
  const name = typed.normalize('NFC').trim().replace(/\s+/g, ' ');
  const chars = [...name];
  const at = chars.findIndex((c) => INVISIBLE.test(c));
  if (at >= 0) {
    return { ok: false, problem: `${What} “${shown(chars.filter((c) => !INVISIBLE.test(c)).join(''))}” has an invisible character (${hex(chars[at])}) at character ${at + 1}: type it again without it.` };
  }
  if (!/[\p{L}\p{N}]/u.test(name)) return { ok: false, problem: `${What} needs at least one letter or digit.` };
  return { ok: true, name };
}

export function checkName(typed: string): NameCheck {
  const r = readable(typed, 'the name');
  if (!r.ok) return r;
  for (const word of r.name.split(' ')) {
    const scripts = LOOKALIKE.filter(([, re]) => re.test(word)).map(([script]) => script);
    if (scripts.length > 1) {
      return { ok: false, problem: `The word “${shown(word)}” mixes ${scripts.join(' and ')} letters, which look alike: type it again in one alphabet.` };
    }
  }
  return { ok: true, name: r.name, key: nameKey(r.name) };
}

/**
 * A class's name, shown to every student who joins and on the projector: readable and visible as
 * a student's (no right-to-left override turning it round, no name of invisible characters only).
 */
export function checkClassName(typed: string): { ok: true; name: string } | { ok: false; problem: string } {
  return readable(typed, 'the class name');
}
