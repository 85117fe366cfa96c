import { describe, expect, it } from 'vitest';
import { lessonRoute } from './LessonLink';

describe('a relative link in a lesson', () => {
  it('names a route of the site, whatever folder the host served the lesson from', () => {
    expect(lessonRoute('cancelling-timers')).toBe('/lessons/cancelling-timers');
    expect(lessonRoute('../primers#jmh')).toBe('/primers#jmh');
    expect(lessonRoute('../lessons/recycler')).toBe('/lessons/recycler');
  });
  it('leaves absolute links and anchors alone', () => {
    for (const href of ['https://doi.org/10.1145/41457.37504', 'mailto:x@y.z', '/embed', '#top', '']) expect(lessonRoute(href)).toBeNull();
  });
});
