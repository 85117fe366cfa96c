import { afterEach, describe, expect, it, vi } from 'vitest';
import { readItem, siteStorage, writeItem } from './storage';

describe('site storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the page storage when the browser allows it', () => {
    expect(siteStorage()).toBe(window.localStorage);
    expect(writeItem('k', 'v')).toBe(true);
    expect(readItem('k')).toBe('v');
    expect(writeItem('k', null)).toBe(true);
    expect(readItem('k')).toBeNull();
  });

  it('is null, and nothing throws, when site data is blocked', () => {
    // What Chrome does with "don't allow sites to save data": reading the property throws.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(siteStorage()).toBeNull();
    expect(readItem('k')).toBeNull();
    expect(writeItem('k', 'v')).toBe(false);
  });
});
