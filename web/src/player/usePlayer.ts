// The player's cursor: play/pause, step, jump, scrub, speed, and the keyboard shortcuts.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** Steps per second; the last is "as fast as the frames come", several steps a frame. */
export const SPEEDS = [1, 2, 4, 8, 16, 32, 60, 240] as const;
export const DEFAULT_SPEED = 3; // index into SPEEDS: 8 steps/s

export interface Player {
  step: number;
  length: number;
  playing: boolean;
  speed: number;
  setStep: (k: number) => void;
  stepBy: (d: number) => void;
  toStart: () => void;
  toEnd: () => void;
  toggle: () => void;
  setSpeed: (i: number) => void;
  onKeyDown: (e: KeyboardEvent) => void;
}

/** True when a key press belongs to a text field, not to the player. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** A focused control that Space presses (a button, a link, a disclosure): Space is its, not the player's. */
export function isPressable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.closest('button, a[href], summary, [role="button"], [role="link"], [role="checkbox"], [role="tab"]') !== null;
}

export function usePlayer(length: number, initial = 0, onStep?: (k: number) => void): Player {
  const clamp = useCallback((k: number) => Math.max(0, Math.min(length, Math.round(k))), [length]);
  const [step, setRaw] = useState(() => clamp(initial));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeedRaw] = useState(DEFAULT_SPEED);
  const stepRef = useRef(step);
  stepRef.current = step;
  const onStepRef = useRef(onStep);
  onStepRef.current = onStep;

  const setStep = useCallback((k: number) => {
    const c = clamp(k);
    setRaw(c);
    onStepRef.current?.(c);
  }, [clamp]);

  // A new trace (a new script) starts where it was asked to, within bounds.
  useEffect(() => {
    setRaw(clamp(initial));
    setPlaying(false);
  }, [length, initial, clamp]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    let carry = 0;
    const tick = (now: number) => {
      carry += ((now - last) / 1000) * SPEEDS[speed];
      last = now;
      const advance = Math.floor(carry);
      if (advance > 0) {
        carry -= advance;
        const next = Math.min(length, stepRef.current + advance);
        setStep(next);
        if (next >= length) {
          setPlaying(false);
          return;
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, length, setStep]);

  const toggle = useCallback(() => {
    setPlaying((p) => {
      if (!p && stepRef.current >= length) setStep(0); // play again from the start
      return !p;
    });
  }, [length, setStep]);

  const setSpeed = useCallback((i: number) => setSpeedRaw(Math.max(0, Math.min(SPEEDS.length - 1, i))), []);

  const onKeyDown = useCallback((e: KeyboardEvent) => {
    if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const actions: Record<string, () => void> = {
      ' ': toggle,
      ArrowRight: () => setStep(stepRef.current + 1),
      ArrowLeft: () => setStep(stepRef.current - 1),
      Home: () => setStep(0),
      End: () => setStep(length),
      '+': () => setSpeedRaw((s) => Math.min(SPEEDS.length - 1, s + 1)),
      '=': () => setSpeedRaw((s) => Math.min(SPEEDS.length - 1, s + 1)),
      '-': () => setSpeedRaw((s) => Math.max(0, s - 1)),
    };
    const act = actions[e.key];
    if (!act || (e.key === ' ' && isPressable(e.target))) return;
    e.preventDefault();
    if (e.key !== ' ') setPlaying(false);
    act();
  }, [toggle, setStep, length]);

  return {
    step, length, playing, speed, setStep,
    stepBy: (d) => { setPlaying(false); setStep(stepRef.current + d); },
    toStart: () => { setPlaying(false); setStep(0); },
    toEnd: () => { setPlaying(false); setStep(length); },
    toggle, setSpeed, onKeyDown,
  };
}
