// The lesson catalogue (front matter, read at build time) and each lesson's body, loaded lazily.
import type { ComponentType } from 'react';
import catalogue from 'virtual:lessons';

export interface LessonMeta {
  slug: string;
  title: string;
  summary: string;
  source: string;
  level: 'introductory' | 'intermediate' | 'advanced';
  /** Minutes in class (the time plan adds up to it). */
  minutes: number;
  /** Minutes of reading and doing assigned before class. */
  prereading: number;
  order: number;
}

export const lessons: LessonMeta[] = catalogue;

const bodies = import.meta.glob<{ default: ComponentType }>('../../lessons/*.mdx');
/** Each lesson's one-page handout (`lessons/<slug>/handout.mdx`): its key diagrams and figures, to print. */
const handouts = import.meta.glob<{ default: ComponentType }>('../../lessons/*/handout.mdx');

export function loadHandout(slug: string): Promise<{ default: ComponentType }> {
  const load = handouts[`../../lessons/${slug}/handout.mdx`];
  return load ? load() : Promise.reject(new Error(`No handout file lessons/${slug}/handout.mdx`));
}

export function findLesson(slug: string): LessonMeta | undefined {
  return lessons.find((l) => l.slug === slug);
}

const loaded = new Map<string, ComponentType>();

export function loadLessonBody(slug: string): Promise<{ default: ComponentType }> {
  const load = bodies[`../../lessons/${slug}.mdx`];
  if (!load) return Promise.reject(new Error(`No lesson file lessons/${slug}.mdx`));
  return load().then((m) => {
    loaded.set(slug, m.default);
    return m;
  });
}

/** The lesson's body if its chunk has already arrived, so a page can draw it in its first render. */
export function loadedLessonBody(slug: string): ComponentType | undefined {
  return loaded.get(slug);
}

/**
 * Starts fetching the lesson a page address names (`<base>lessons/<slug>`), so a reader arriving
 * on a lesson gets its chunk alongside the site's code instead of after the site has rendered.
 */
export function preloadLessonAt(pathname: string, base: string): void {
  if (!pathname.startsWith(base)) return;
  const match = /^lessons\/([^/]+)\/?$/.exec(pathname.slice(base.length));
  const slug = match?.[1]; // slugs are plain ASCII; an encoded one is just not preloaded
  if (slug && findLesson(slug)) loadLessonBody(slug).catch(() => {}); // LessonPage shows a failure
}
