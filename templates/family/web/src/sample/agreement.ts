// What the sample's drawing shows against the frame, at one step: as many values as the stack's
// size (web/src/catalog/agreement.test.ts runs every family's over random scripts, and fails for a
// family without one).
import type { AgreementCheck } from '../registry/family';
import { LIMITS, type Frame } from './schema.gen';

export const agreement: AgreementCheck = (frame) => {
  const f = frame as Frame;
  const size = f.get('size');
  const drawn = f.list('slot', Math.min(f.get('length'), LIMITS.drawnSlots)).filter((v) => v >= 0).length;
  return drawn === Math.min(size, LIMITS.drawnSlots) ? [] : [`${drawn} values drawn for a stack of size ${size}`];
};
