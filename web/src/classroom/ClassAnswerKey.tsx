// The answer key on a class server: opened only with the class's teacher key, for a question set
// of the class (the server says whether); then drawn by the exercises' own AnswerKey.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { AnswerKey, type KeyProps } from '../exercises/Exercises';
import { ApiFailure, api, teacherKey } from './client';

export function ClassAnswerKey({ set, seed, lesson }: KeyProps) {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const classId = params.get('teach');
  const token = useMemo(() => (classId ? teacherKey(classId, hash) : undefined), [classId, hash]);
  const [opened, setOpened] = useState<boolean | string>(false);
  useEffect(() => {
    if (!classId || !token) return;
    api(`classes/${encodeURIComponent(classId)}/key?lesson=${encodeURIComponent(lesson)}&seed=${encodeURIComponent(seed)}`, { token })
      .then(() => setOpened(true), (e: ApiFailure) => setOpened(e.message));
  }, [classId, token, lesson, seed]);
  if (opened === true) return <AnswerKey set={set} seed={seed} />;
  return (
    <p className="notice" role="note">
      On a class server the answer key opens only with the class’s teacher key, for a question set of the class: open it from a
      student’s row on your class’s page.{typeof opened === 'string' && ` (${opened})`}
    </p>
  );
}
