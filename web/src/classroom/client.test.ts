// @vitest-environment jsdom
// The teacher's key on a projector: whatever the browser's storage does, it leaves the address bar.
import { afterEach, expect, it, vi } from 'vitest';
import { teacherKey } from './client';

afterEach(() => vi.restoreAllMocks());

it('takes the key out of the address bar even when storage is blocked, and keeps it in memory', () => {
  history.replaceState(null, '', '/class?teach=c1&view=projector#key=abcdefghijklmnop');
  const blocked = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
  expect(teacherKey('c1', window.location.hash)).toBe('abcdefghijklmnop');
  expect(window.location.href).toBe('http://localhost:3000/class?teach=c1&view=projector');
  // Read again (the page re-renders, the fragment gone): the key is still there.
  expect(teacherKey('c1', '')).toBe('abcdefghijklmnop');
  expect(teacherKey('c2', '')).toBeUndefined();
});
