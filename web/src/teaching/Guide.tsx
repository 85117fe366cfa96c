// What a teacher needs around a lesson's text: the box at its top (objectives, prerequisites,
// the time plan), and the instructor notes folded away at its end. Plain prose containers: the
// lesson writes the words; these only frame them, and hide the notes from the printed handout.
import type { ReactNode } from 'react';

/** The compact box under a lesson's title: what a student will learn, what to know first, the time it takes. */
export function LessonGuide({ children }: { children: ReactNode }) {
  return <aside className="lesson-guide" aria-label="About this lesson">{children}</aside>;
}

/**
 * The time plan, one row per section: `<TimePlan rows={[["A heap in an array", 8], …]} />`. A
 * test holds each row to a section of the lesson and the total to its front matter's minutes.
 */
export function TimePlan({ rows }: { rows: [string, number][] }) {
  const total = rows.reduce((s, [, m]) => s + m, 0);
  return (
    <div className="time-plan">
      <p className="time-plan-title"><strong>Time plan:</strong> {total} minutes</p>
      <ol>
        {rows.map(([section, minutes]) => (
          <li key={section}><span>{section}</span> <span className="minutes">{minutes} min</span></li>
        ))}
      </ol>
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
