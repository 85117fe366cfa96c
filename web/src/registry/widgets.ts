// The widgets lessons use by name in MDX (no import needed), registered by the catalog, each in
// its crash-safe frame.
import type { ComponentType, ReactNode } from 'react';

const widgets: Record<string, ComponentType<never>> = Object.create(null);

export function registerLessonWidgets(named: Record<string, ComponentType<never>>): void {
  Object.assign(widgets, named);
}

export function lessonWidgets(): Record<string, ComponentType<never>> {
  return { ...widgets };
}

let demo: () => ReactNode = () => null;

/** The live widget on the home page, under the lesson list. */
export function registerHomeDemo(render: () => ReactNode): void {
  demo = render;
}

export function homeDemo(): ReactNode {
  return demo();
}
