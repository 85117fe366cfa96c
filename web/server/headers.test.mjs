import { describe, expect, it } from 'vitest';
import { headersFor, isEmbedRoute } from './headers.mjs';

describe('the site headers', () => {
  it('let other sites frame the embed routes and nothing else', () => {
    for (const p of ['embed/heap', 'embed/heap/', 'embed/heap/index.html', 'embed/bench']) expect(isEmbedRoute(p), p).toBe(true);
    for (const p of ['', 'index.html', 'embed', 'embed/', 'embed/index.html', 'lessons/cancelling-timers/', 'teacher/', 'embed.js', 'embed/heap/x', '404.html']) {
      expect(isEmbedRoute(p), p).toBe(false);
    }
    expect(headersFor('teacher/')).toEqual({
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Content-Security-Policy': "frame-ancestors 'self'",
      'X-Frame-Options': 'SAMEORIGIN',
    });
    expect(headersFor('embed/queue/')).toEqual({ 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
    expect(headersFor('lessons/x/', { isolate: false, framing: false })).toEqual({});
  });
});
