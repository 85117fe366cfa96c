import { describe, expect, it } from 'vitest';
import { browserName, describeEnvironment, formatMs } from './environment';

describe('environment', () => {
  it('names browsers from their user agents', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.73 Safari/537.36'))
      .toBe('Chrome 156.0.8078.73');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('Firefox 140.0');
    expect(browserName('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15')).toBe('Safari 18.2');
  });

  it('describes a run in one line', () => {
    expect(describeEnvironment({ runtime: 'Chrome 156', wasmProfile: 'release', crossOriginIsolated: true, timerResolutionMs: 0.005, cores: 2 }))
      .toBe('Chrome 156 · wasm release build · cross-origin isolated · timer resolution 5 µs · 2 cores');
    expect(formatMs(0.1)).toBe('100 µs');
    expect(formatMs(0.00004)).toBe('40 ns');
    expect(formatMs(12.34)).toBe('12.3 ms');
  });
});
