// The class view believes no file: every answer a student's export carries is graded again
// against the exercise set its lesson's generators make from its seed with the real structures
// (the same `generate` the lesson page runs), and the grade shown is the one the answers earn.
// Where the file claims otherwise it is flagged "edited?", with what differs.
import { generate, grade, showAnswer, type Answer, type Instance } from '../exercises/exercises';
import { standing, type LogEntry, type Policy } from '../exercises/progress';
import { takeAnswer } from '../exercises/card';
import { answerText, excerpt, type ExerciseResult, type Parsed, type StudentFile } from './classFiles';

/**
 * The exercise sets of (lesson, seed) pairs, made once each while they are in use: a class usually
 * shares one seed, and a class with a set per student reuses each student's. At most `max` sets are
 * kept, the least recently used forgotten first, so a flood of joins cannot grow the memory.
 */
export function setCache(make: (lesson: string, seed: string) => Instance[] | undefined = generate, max = 2000) {
  const sets = new Map<string, Instance[] | undefined>();
  const get = (lesson: string, seed: string): Instance[] | undefined => {
    const key = `${lesson}\n${seed}`;
    let set = sets.get(key);
    if (set === undefined && !sets.has(key)) {
      set = make(lesson, seed);
      if (sets.size >= max) sets.delete(sets.keys().next().value!);
    } else sets.delete(key); // to be set again as the most recent
    sets.set(key, set);
    return set;
  };
  return Object.assign(get, { size: () => sets.size });
}

/** A stored answer ("3 → 1" for clicked cells, else as typed) in the form the exercise grades. */
export function storedAnswer(inst: Instance, text: string): Answer {
  if (inst.kind === 'trace') return /^\d+( → \d+)*$/.test(text) ? text.split(' → ').map(Number) : [];
  return text;
}

const verdict = (r: Pick<ExerciseResult, 'attempts' | 'solved' | 'firstTry'>) => (r.attempts === 0 ? 'not tried'
  : r.solved ? (r.firstTry ? 'solved at the first try' : `solved in ${r.attempts}`) : `unsolved after ${r.attempts}`);

/** Reasons, at most three, then how many more. */
function listed(reasons: string[]): string[] {
  return reasons.length > 3 ? [...reasons.slice(0, 3), `and ${reasons.length - 3} more`] : reasons;
}

/**
 * The file graded again against its lesson and seed. Refused (with the file named) when its
 * lesson is not on this site or it names an exercise the lesson does not have; otherwise its
 * results are the regraded ones and `edited` says where its claims differed.
 */
export function regrade(f: StudentFile, sets: (lesson: string, seed: string) => Instance[] | undefined, policy: Policy = 'practice'): Parsed {
  const fail = (problem: string): Parsed => ({ ok: false, file: f.file, problem });
  const set = sets(f.lesson, f.seed);
  if (!set) return fail(`lesson ${excerpt(f.lesson)} is not on this site`);
  const byId = new Map(set.map((i) => [i.id, i]));
  const named = new Set([...Object.keys(f.exercises), ...(f.log ?? []).map((l) => l.exercise)]);
  const unknown = [...named].filter((id) => !byId.has(id));
  if (unknown.length) {
    return fail(`exercise ${excerpt(unknown[0])}${unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : ''} is not in lesson “${f.lesson}”`);
  }
  // An answer the exercise could never have taken (a cell it does not have, 3 MB of text) was
  // written by hand: the whole file is refused, as the class server refuses such an answer.
  const answered = f.source === 'json'
    ? (f.log ?? []).flatMap((l) => (l.action === 'answer' && l.answer !== undefined ? [{ id: l.exercise, answer: l.answer }] : []))
    : Object.entries(f.exercises).flatMap(([id, r]) => (r.last === undefined ? [] : [{ id, answer: storedAnswer(byId.get(id)!, r.last) }]));
  for (const { id, answer } of answered) {
    const taken = takeAnswer(byId.get(id)!, answer);
    if (!taken.ok) return fail(`“${byId.get(id)!.title}”: the answer ${excerpt(answerText(answer), 30)} is not one the exercise takes (${taken.problem})`);
  }
  const reasons: string[] = [];
  const exercises: Record<string, ExerciseResult> = Object.create(null);
  if (f.source === 'json') {
    const log: LogEntry[] = (f.log ?? []).map((l) => {
      if (l.action !== 'answer' || l.answer === undefined) return l;
      const inst = byId.get(l.exercise)!;
      const correct = grade(inst, l.answer).correct;
      if (l.correct !== undefined && l.correct !== correct) {
        reasons.push(`“${inst.title}”: the answer ${excerpt(showAnswer(inst, l.answer), 20)} is marked ${l.correct ? 'right' : 'wrong'}, but it is ${correct ? 'right' : 'wrong'}`);
      }
      return { ...l, correct };
    });
    const progress = { lesson: f.lesson, seed: f.seed, student: f.student, log };
    for (const inst of set) {
      const s = standing(progress, inst.id, policy);
      const answers = log.filter((l) => l.exercise === inst.id && l.action === 'answer' && l.answer !== undefined);
      const real: ExerciseResult = {
        kind: inst.kind, attempts: s.attempts, solved: s.solved, firstTry: s.firstTry, hints: s.hints, shown: s.shown, asked: s.asked,
        wrong: answers.filter((l) => !l.correct).map((l) => answerText(l.answer)),
        last: s.lastAnswer === undefined ? undefined : answerText(s.lastAnswer), at: answers.at(-1)?.at,
      };
      const claim = f.exercises[inst.id];
      if (claim && (claim.solved !== real.solved || claim.firstTry !== real.firstTry || claim.attempts !== real.attempts)) {
        reasons.push(`“${inst.title}”: the file says ${verdict(claim)}, its answers say ${verdict(real)}`);
      } else if (claim && claim.hints !== real.hints) {
        reasons.push(`“${inst.title}”: the file says ${claim.hints} hints, its log ${real.hints}`);
      }
      if (claim || real.attempts || real.hints) exercises[inst.id] = real;
    }
  } else {
    for (const [id, claim] of Object.entries(f.exercises)) {
      const inst = byId.get(id)!;
      const right = claim.last !== undefined && grade(inst, storedAnswer(inst, claim.last)).correct;
      const solved = claim.attempts > 0 && right;
      if (solved !== claim.solved) {
        reasons.push(claim.solved
          ? `“${inst.title}”: the file says solved, but its last answer${claim.last === undefined ? ' is missing' : ` ${excerpt(claim.last, 20)} is wrong`}`
          : `“${inst.title}”: the file says unsolved, but its last answer ${excerpt(claim.last ?? '', 20)} is right`);
      }
      exercises[id] = {
        ...claim, kind: inst.kind, solved, firstTry: claim.firstTry && solved, wrong: solved || claim.last === undefined ? [] : [claim.last],
        // An assessment shows no answer, whatever a file says.
        ...(policy === 'assessment' ? { shown: false, asked: false } : {}),
      };
    }
  }
  return { ok: true, value: { ...f, exercises, edited: listed(reasons) } };
}
