/// <reference types="vite/client" />

declare module 'virtual:lessons' {
  import type { LessonMeta } from './lessons';
  const lessons: LessonMeta[];
  export default lessons;
}
