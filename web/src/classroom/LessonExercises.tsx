// A lesson's exercises: the class server's, graded there, when the link names a class (`?class=`);
// otherwise the ones this browser generates from its seed and grades itself (their answer key, on
// a class server, opened by the class's teacher key).
import { useSearchParams } from 'react-router';
import { Exercises, ServerAnswerKey } from '../exercises/Exercises';
import { ClassAnswerKey } from './ClassAnswerKey';
import { ClassExercises } from './ClassExercises';

export function LessonExercises({ lesson }: { lesson: string }) {
  const [params] = useSearchParams();
  const classId = params.get('class');
  if (classId) return <ClassExercises lesson={lesson} classId={classId} />;
  return (
    <ServerAnswerKey.Provider value={ClassAnswerKey}>
      <Exercises lesson={lesson} />
    </ServerAnswerKey.Provider>
  );
}
