// Where each slot of an array heap sits when drawn as a tree: pure functions of the slot index.

export interface Point {
  x: number;
  y: number;
}

export const TREE_WIDTH = 800;
export const LEVEL_HEIGHT = 56;
const TOP = 56; // room above the root for the hand and the taken-out element

export const levelOf = (slot: number) => Math.floor(Math.log2(slot + 1));
export const parentOf = (slot: number) => (slot - 1) >> 1;

/** The centre of `slot`: levels top to bottom, each level's slots spread evenly. */
export function slotPosition(slot: number): Point {
  const level = levelOf(slot);
  const across = 2 ** level;
  const pos = slot - (across - 1);
  return { x: ((pos + 0.5) / across) * TREE_WIDTH, y: TOP + level * LEVEL_HEIGHT };
}

/** Node radius for a tree of `size` slots: as large as the widest level allows, at most 18. */
export function nodeRadius(size: number): number {
  if (size <= 1) return 18;
  const across = 2 ** levelOf(size - 1);
  return Math.max(4, Math.min(18, TREE_WIDTH / across / 2 - 2));
}

/**
 * A node's radius for labels `labelUnits` tall: as large as they need, where the tree has room
 * (a few nodes on a phone), never smaller than `nodeRadius` gives.
 */
export function labelledRadius(size: number, labelUnits: number): number {
  const across = size <= 1 ? 1 : 2 ** levelOf(size - 1);
  const room = Math.min(TREE_WIDTH / across / 2 - 2, LEVEL_HEIGHT * 0.48);
  return Math.max(nodeRadius(size), Math.min(room, labelUnits / 1.05));
}

export function treeHeight(size: number): number {
  return TOP + (size > 0 ? levelOf(size - 1) : 0) * LEVEL_HEIGHT + 30;
}

/** Where the element being sifted is drawn, and where a removed one leaves from. */
export const HAND: Point = { x: TREE_WIDTH - 60, y: 22 };
export const OUT: Point = { x: 60, y: 22 };
