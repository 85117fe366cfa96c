import { describe, expect, it } from 'vitest';
import { TREE_WIDTH, levelOf, nodeRadius, parentOf, slotPosition, treeHeight } from './geometry';

describe('heap tree geometry', () => {
  it('puts slot k on level floor(log2(k + 1)), children below their parent', () => {
    expect([0, 1, 2, 3, 6, 7, 14, 126].map(levelOf)).toEqual([0, 1, 1, 2, 2, 3, 3, 6]);
    for (let k = 1; k < 127; k++) {
      const p = slotPosition(parentOf(k));
      const c = slotPosition(k);
      expect(c.y).toBeGreaterThan(p.y);
      // A left child is left of its parent, a right child right of it.
      expect(Math.sign(c.x - p.x)).toBe(k % 2 === 1 ? -1 : 1);
    }
  });

  it('keeps every level inside the drawing and nodes from overlapping', () => {
    for (const size of [1, 2, 7, 31, 64, 127]) {
      const r = nodeRadius(size);
      const xs = Array.from({ length: size }, (_, k) => slotPosition(k));
      for (const { x, y } of xs) {
        expect(x - r).toBeGreaterThanOrEqual(0);
        expect(x + r).toBeLessThanOrEqual(TREE_WIDTH);
        expect(y + r).toBeLessThanOrEqual(treeHeight(size));
      }
      const bottom = xs.filter((_, k) => levelOf(k) === levelOf(size - 1)).map((p) => p.x);
      for (let i = 1; i < bottom.length; i++) expect(bottom[i] - bottom[i - 1]).toBeGreaterThanOrEqual(2 * r);
    }
  });
});

describe('a labelled node', () => {
  it('is as large as its label needs where the tree has room, never smaller than before', async () => {
    const { labelledRadius } = await import('./geometry');
    // One node on a phone (2.4 drawing units a pixel, labels 12 px): labelled, not "too small".
    const onPhone = labelledRadius(1, 12 * 2.4);
    expect(onPhone * 1.05 / 2.4).toBeGreaterThanOrEqual(10.5);
    expect(labelledRadius(1, 12)).toBe(nodeRadius(1));
    // Sixteen nodes across: no room to grow, so no overlap.
    expect(labelledRadius(31, 12 * 2.4)).toBeLessThanOrEqual(TREE_WIDTH / 16 / 2);
  });
});
