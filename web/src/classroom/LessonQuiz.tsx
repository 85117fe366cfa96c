// A lesson's concept check where its link names a class this browser joined (`?class=`): the
// answers go to the class server, which keeps each phase once for the teacher's report of what
// the class learned (server/quiz.ts); elsewhere they stay in this browser (teaching/Quiz).
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Quiz, type QuizStore } from '../teaching/Quiz';
import type { QuizPhase } from '../teaching/quiz';
import type { KeepQuiz, QuizTaken, StudentQuiz } from './api';
import { api, membership, untilAnswered } from './client';

/** The class server as a concept check's store, for the student holding `token`. */
export function classQuizStore(lesson: string, token: string): QuizStore {
  return {
    where: 'with your class, for your teacher to see what the class learned',
    load: async (signal) => {
      const { pre, post } = await api<StudentQuiz>(`quiz/${encodeURIComponent(lesson)}`, { token, signal });
      return { pre, post };
    },
    keep: async (phase, answers, waiting) => {
      const body: KeepQuiz = { lesson, phase, answers };
      // Sent again, with backoff, while the server stores nothing and says to try again; a phase
      // is kept once, so a resend that was in fact stored is answered as kept.
      await untilAnswered(() => api<QuizTaken>('quiz', { method: 'POST', token, body }), {
        waiting: (e, ms) => waiting(`Not kept yet: ${e.message} Sending again in ${Math.max(1, Math.round(ms / 1000))} s; your answers are still here.`),
      });
    },
  };
}

export function LessonQuiz({ lesson, phase }: { lesson: string; phase: QuizPhase }) {
  const [params] = useSearchParams();
  const classId = params.get('class');
  const token = classId ? membership(classId)?.token : undefined;
  const store = useMemo(() => (token ? classQuizStore(lesson, token) : undefined), [lesson, token]);
  return <Quiz lesson={lesson} phase={phase} store={store} />;
}
