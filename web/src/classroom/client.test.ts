// @vitest-environment jsdom
// Keys read from links: whatever the browser's storage does, they leave the address bar; a
// projector link's key is never taken for the teacher's.
import { afterEach, expect, it, vi } from 'vitest';
import { ApiFailure, api, keepProjectorKey, projectorKey, resendDelay, teacherKey, untilAnswered } from './client';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

it('takes the key out of the address bar even when storage is blocked, and keeps it in memory', () => {
  history.replaceState(null, '', '/class?teach=c1#key=abcdefghijklmnop');
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
  expect(teacherKey('c1', window.location.hash)).toBe('abcdefghijklmnop');
  expect(window.location.href).toBe('http://localhost:3000/class?teach=c1');
  // Read again (the page re-renders, the fragment gone): the key is still there.
  expect(teacherKey('c1', '')).toBe('abcdefghijklmnop');
  expect(teacherKey('c2', '')).toBeUndefined();
});

it('keeps a projector link’s key apart: the same tab, its address edited to the teacher’s page, holds no teacher key', () => {
  history.replaceState(null, '', '/class?teach=c3&view=projector#key=projector-key-0123');
  expect(projectorKey('c3', window.location.hash)).toBe('projector-key-0123');
  expect(window.location.href).toBe('http://localhost:3000/class?teach=c3&view=projector');
  // "&view=projector" deleted from the address: the teacher's page finds no key in this tab.
  history.replaceState(null, '', '/class?teach=c3');
  expect(teacherKey('c3', '')).toBeUndefined();
  expect(sessionStorage.getItem('hotpath-teach:c3')).toBeNull();
  // And the projector view never takes the teacher's key for its own.
  history.replaceState(null, '', '/class?teach=c4#key=teacher-key-4567');
  expect(teacherKey('c4', window.location.hash)).toBe('teacher-key-4567');
  expect(projectorKey('c4', '')).toBeUndefined();
  // A projector key the teacher's page made is kept for its tab, and forgotten when revoked.
  keepProjectorKey('c4', 'made-here-89ab');
  expect(projectorKey('c4', '')).toBe('made-here-89ab');
  keepProjectorKey('c4', null);
  expect(projectorKey('c4', '')).toBeUndefined();
});

it('sends a check again, the same request, while the server stores nothing, until it is answered or refused (issue 59 item 5)', async () => {
  const bodies: string[] = [];
  const answers: (() => Response)[] = [
    () => { throw new TypeError('Failed to fetch'); },
    () => new Response(JSON.stringify({ error: 'The class server cannot reach its database just now (a restart?); nothing was stored. Try again in a few seconds.' }), { status: 503, headers: { 'retry-after': '2' } }),
    () => new Response(JSON.stringify({ error: 'The class server failed on this request; nothing was stored. Try again.' }), { status: 500 }),
    () => new Response(JSON.stringify({ card: { solved: true }, stored: true }), { status: 200 }),
  ];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
    bodies.push(String(init?.body));
    return answers[bodies.length - 1]();
  });
  const waits: [number, number, number][] = [];
  const body = { requestId: 'r-0123456789', lesson: 'l', exercise: 'e', action: 'answer', answer: '3' };
  const r = await untilAnswered(() => api<{ stored: boolean }>('work', { method: 'POST', token: 't', body }), {
    waiting: (e, ms, attempt) => waits.push([e.status, ms, attempt]),
    sleep: async () => {},
  });
  expect(r.stored).toBe(true);
  expect(new Set(bodies)).toEqual(new Set([JSON.stringify(body)]));
  expect(bodies).toHaveLength(4);
  // Unreached, then the server's Retry-After, then a backoff that doubles (±25 %).
  expect(waits.map(([status, , attempt]) => [status, attempt])).toEqual([[0, 1], [503, 2], [500, 3]]);
  expect(waits[1][1]).toBe(2000);
  expect(waits[0][1]).toBeGreaterThanOrEqual(750);
  expect(waits[0][1]).toBeLessThanOrEqual(1250);
  expect(waits[2][1]).toBeGreaterThanOrEqual(3000);
  expect(waits[2][1]).toBeLessThanOrEqual(5000);
});

it('stops at a refusal, and when the page is left', async () => {
  let sent = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    sent++;
    return new Response(JSON.stringify({ error: 'No attempts left at this question: this class takes 3 answers per question.' }), { status: 403 });
  });
  await expect(untilAnswered(() => api('work', { method: 'POST', body: {} }), { sleep: async () => {} })).rejects.toMatchObject({ status: 403 });
  expect(sent).toBe(1);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 503 }));
  const leaving = new AbortController();
  const going = untilAnswered(() => api('work', { method: 'POST', body: {} }), { signal: leaving.signal, waiting: () => leaving.abort() });
  await expect(going).rejects.toMatchObject({ name: 'AbortError' });
  expect(resendDelay(9, new ApiFailure('x', 503), () => 1)).toBe(37_500);
  expect(resendDelay(9, new ApiFailure('x', 503), () => 0)).toBe(22_500);
});
