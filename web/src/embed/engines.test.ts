// The iframe snippet's engine margin (issue 60): a height measured in one engine's share dialog,
// with the margin added, is enough for the other engine, for every view the lab measured in both.
import { describe, expect, it } from 'vitest';
import { ENGINES, engineOf, plainFrameHeight, type EngineMargins } from './engines';
import { MEASURED_VIEWS, MEASURED_WIDTHS, engineMargins, stateKey } from '../catalog/routes';
import HEIGHTS from '../catalog/embed-heights.json';

describe('the engine margin of a plain iframe', () => {
  it('knows the engine from the user agent: Firefox, a Chromium, or neither', () => {
    expect(engineOf('Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0')).toBe('firefox');
    expect(engineOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36')).toBe('chromium');
    expect(engineOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toBe('chromium');
    expect(engineOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15')).toBeNull();
  });

  it('takes the route’s margin at the measured widths either side of the column, the larger; all routes’ for a route not measured', () => {
    const m: EngineMargins = {
      measured: 'test', widths: [240, 390, 720],
      all: { chromium: [0.5, 0.5, 0.5], firefox: [0, 0, 0] },
      routes: { heap: { chromium: [0.1, 0.02, 0.01], firefox: [0, 0, 0.03] } },
    };
    expect(plainFrameHeight(1000, 'heap', 720, 'chromium', m)).toEqual({ height: 1010, margin: 0.01 });
    expect(plainFrameHeight(1000, 'heap', 500, 'chromium', m)).toEqual({ height: 1020, margin: 0.02 });
    expect(plainFrameHeight(1000, 'heap', 300, 'chromium', m)).toEqual({ height: 1100, margin: 0.1 });
    expect(plainFrameHeight(1000, 'heap', 2000, 'firefox', m)).toEqual({ height: 1030, margin: 0.03 });
    expect(plainFrameHeight(1000, 'wheel', 720, 'chromium', m).height).toBe(1500);
    // Another engine (WebKit): the larger of the two engines' margins.
    expect(plainFrameHeight(1000, 'heap', 720, null, m).height).toBe(1030);
  });

  it('fits every measured view in the other engine at every measured width (embed-heights.json)', () => {
    const engines = (HEIGHTS as { engines?: Record<string, Record<string, Record<string, number>>> }).engines;
    expect(engines, 'embed-heights.json holds each engine’s heights: run npm run measure:embeds').toBeDefined();
    const margins = engineMargins();
    for (const v of MEASURED_VIEWS) {
      const key = stateKey(v.name, v.params);
      // A view added since the last measurement (a new family's) has no heights yet: say so.
      for (const e of ENGINES) expect(engines![e][key], `embed-heights.json has no ${e} heights for ${key}: run npm run measure:embeds`).toBeDefined();
      for (const w of MEASURED_WIDTHS) {
        const need = Math.max(...ENGINES.map((e) => engines![e][key][w]));
        for (const e of ENGINES) {
          expect(plainFrameHeight(engines![e][key][w], v.name, w, e, margins).height, `${key} at ${w} px, measured in ${e}`).toBeGreaterThanOrEqual(need);
        }
      }
    }
  });
});
