// A lesson whose chunk arrives between the page's first render and its effect (the page's own
// preload racing its first render) is drawn, not left at "Loading the lesson…" (issue 61: the
// Firefox smoke suite's flake was this).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';

const { lesson, chunk } = vi.hoisted(() => ({
  lesson: { slug: 'a-lesson', title: 'A lesson', summary: 'What it is about.', source: 'a commit', level: 'introductory', prereading: 20, minutes: 45 },
  chunk: { reads: 0, body: () => "The lesson's body." },
}));

vi.mock('../lessons', () => ({
  findLesson: (slug: string) => (slug === lesson.slug ? lesson : undefined),
  // Not there when the first render reads it; there from the next read on (the effect's).
  loadedLessonBody: () => (chunk.reads++ === 0 ? undefined : chunk.body),
  loadLessonBody: () => Promise.resolve({ default: chunk.body }),
}));

afterEach(cleanup);

describe('a lesson page', () => {
  it('draws the body whose chunk arrived after its first render read it', async () => {
    const { LessonPage } = await import('./LessonPage');
    render(
      <MemoryRouter initialEntries={[`/lessons/${lesson.slug}`]}>
        <Routes><Route path="/lessons/:slug" element={<LessonPage />} /></Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText("The lesson's body.")).toBeTruthy();
    expect(screen.queryByText('Loading the lesson…')).toBeNull();
    expect(chunk.reads).toBeGreaterThan(1);
  });
});
