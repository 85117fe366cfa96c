// The lesson catalogue (front matter, read at build time) and each lesson's body, loaded lazily.
import type { ComponentType } from 'react';
import catalogue from 'virtual:lessons';

export interface LessonMeta {
  slug: string;
  title: string;
  summary: string;
  source: string;
  level: 'introductory' | 'intermediate' | 'advanced';
  minutes: number;
  order: number;
}

export const lessons: LessonMeta[] = catalogue;

const bodies = import.meta.glob<{ default: ComponentType }>('../../lessons/*.mdx');

export function findLesson(slug: string): LessonMeta | undefined {
  return lessons.find((l) => l.slug === slug);
}

export function loadLessonBody(slug: string): Promise<{ default: ComponentType }> {
  const load = bodies[`../../lessons/${slug}.mdx`];
  if (!load) return Promise.reject(new Error(`No lesson file lessons/${slug}.mdx`));
  return load();
}
