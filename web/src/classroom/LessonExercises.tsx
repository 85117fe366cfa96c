// A lesson's exercises: the class server's, graded there, when the link names a class (`?class=`);
// otherwise the ones this browser generates from its seed and grades itself.
import { useSearchParams } from 'react-router';
import { Exercises } from '../exercises/Exercises';
import { ClassExercises } from './ClassExercises';

export function LessonExercises({ lesson }: { lesson: string }) {
  const [params] = useSearchParams();
  const classId = params.get('class');
  return classId ? <ClassExercises lesson={lesson} classId={classId} /> : <Exercises lesson={lesson} />;
}
