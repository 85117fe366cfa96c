import { afterEach, describe, expect, it, vi } from 'vitest';
import { readItem, siteStorage, storageState, writeItem } from './storage';

describe('site storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('is the page storage when the browser allows it', () => {
    expect(siteStorage()).toBe(window.localStorage);
    expect(storageState()).toBe('ok');
    expect(writeItem('k', 'v')).toBe('ok');
    expect(readItem('k')).toBe('v');
    expect(writeItem('k', null)).toBe('ok');
    expect(readItem('k')).toBeNull();
  });

  it('is null, and nothing throws, when site data is blocked', () => {
    // What Chrome does with "don't allow sites to save data": reading the property throws.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(siteStorage()).toBeNull();
    expect(storageState()).toBe('blocked');
    expect(readItem('k')).toBeNull();
    expect(writeItem('k', 'v')).toBe('blocked');
  });

  it('still reads when full, and says full, not blocked, when a write fails', () => {
    window.localStorage.setItem('hotpath-seed', 'osti91');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(storageState()).toBe('full');
    expect(readItem('hotpath-seed')).toBe('osti91');
    expect(writeItem('k', 'v')).toBe('full');
  });
});
