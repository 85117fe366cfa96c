// What a teacher needs around a lesson's text: the box at its top (objectives, prerequisites,
// the time plan), and the instructor notes folded away at its end. Plain prose containers: the
// lesson writes the words; these only frame them, and hide the notes from the printed handout.
import type { ReactNode } from 'react';

/** The compact box under a lesson's title: what a student will learn, what to know first, the time it takes. */
export function LessonGuide({ children }: { children: ReactNode }) {
  return <aside className="lesson-guide" aria-label="About this lesson">{children}</aside>;
}

/** The parts of a class that are no section of the lesson: the plan names them as they are. */
export const CLASS_PARTS = ['Introduction', 'Wrap-up'] as const;
/** Said beside them, so a student does not look for a section of that name. */
const CLASS_PART_GLOSS: Record<(typeof CLASS_PARTS)[number], string> = {
  Introduction: 'the teacher’s opening, no section of the page',
  'Wrap-up': 'the teacher’s close',
};

/**
 * The time plan: what to read and do before class (`before`, adding up to the front matter's
 * `prereading`), then the class itself, from an introduction to a wrap-up (`rows`, adding up to
 * its `minutes`): `<TimePlan before={[["A heap in an array", 7], …]} rows={[["Introduction", 5], …]} />`.
 * A row names a section of the lesson (a part of one in brackets: "Exercises (1–3)"). A test holds
 * each row to a section and each total to the front matter.
 */
export function TimePlan({ before = [], rows }: { before?: [string, number][]; rows: [string, number][] }) {
  const sum = (r: [string, number][]) => r.reduce((s, [, m]) => s + m, 0);
  const list = (r: [string, number][]) => (
    <ol>
      {r.map(([section, minutes]) => (
        <li key={section}>
          <span>{section}{section in CLASS_PART_GLOSS && ` (${CLASS_PART_GLOSS[section as (typeof CLASS_PARTS)[number]]})`}</span>{' '}
          <span className="minutes">{minutes} min</span>
        </li>
      ))}
    </ol>
  );
  return (
    <div className="time-plan">
      {before.length > 0 && (
        <>
          <p className="time-plan-title"><strong>Before class:</strong> {sum(before)} minutes of reading and doing</p>
          {list(before)}
        </>
      )}
      <p className="time-plan-title"><strong>{before.length > 0 ? 'In class' : 'Time plan'}:</strong> {sum(rows)} minutes</p>
      {list(rows)}
    </div>
  );
}

/** Notes for whoever teaches the lesson: closed by default, left out of the printed handout. */
export function InstructorNotes({ children }: { children: ReactNode }) {
  return (
    <details className="instructor-notes">
      <summary>Instructor notes</summary>
      {children}
    </details>
  );
}

/** A rubric: each level, what an answer at it shows (best first). */
export function Rubric({ rows }: { rows: [string, string][] }) {
  return (
    <table className="rubric">
      <caption>Rubric</caption>
      <thead><tr><th scope="col">level</th><th scope="col">an answer at this level</th></tr></thead>
      <tbody>{rows.map(([level, shows]) => <tr key={level}><th scope="row">{level}</th><td>{shows}</td></tr>)}</tbody>
    </table>
  );
}

/**
 * A discussion prompt in the instructor notes, with its model answer and a rubric:
 * `<Prompt q="…" rubric={[["Full", "…"], …]}>model answer</Prompt>`. A test holds every lesson's
 * prompts to having both.
 */
export function Prompt({ q, rubric, children }: { q: string; rubric: [string, string][]; children: ReactNode }) {
  return (
    <div className="prompt">
      <p className="prompt-q"><strong>Prompt:</strong> {q}</p>
      <div className="prompt-model"><p><em>Model answer.</em></p>{children}</div>
      <Rubric rows={rubric} />
    </div>
  );
}
