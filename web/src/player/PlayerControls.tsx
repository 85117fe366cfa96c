import { useId } from 'react';
import { SPEEDS, type Player } from './usePlayer';

/** Play/pause, step, jump, scrub and speed; the keys are listed in the title of each control. */
export function PlayerControls({ player, label }: { player: Player; label: string }) {
  const id = useId();
  const { step, length, playing } = player;
  return (
    <div className="player-controls" role="group" aria-label={`${label} player`}>
      <button type="button" onClick={player.toStart} disabled={step === 0} title="Start (Home)" aria-label="Jump to start">|◀</button>
      <button type="button" onClick={() => player.stepBy(-1)} disabled={step === 0} title="Step back (←)" aria-label="Step back">◀</button>
      <button type="button" className="play" onClick={player.toggle} disabled={length === 0} title="Play or pause (Space)"
        aria-label={playing ? 'Pause' : 'Play'}>{playing ? 'Pause' : '▶ Play'}</button>
      <button type="button" onClick={() => player.stepBy(1)} disabled={step >= length} title="Step forward (→)" aria-label="Step forward">▶</button>
      <button type="button" onClick={player.toEnd} disabled={step >= length} title="End (End)" aria-label="Jump to end">▶|</button>
      <label className="scrub" htmlFor={`${id}-scrub`}>
        <span className="visually-hidden">Step</span>
        <input id={`${id}-scrub`} type="range" min={0} max={length} value={step}
          onChange={(e) => player.setStep(Number(e.target.value))} aria-valuetext={`step ${step} of ${length}`} />
      </label>
      <output className="step-count" aria-live="off">{step} / {length}</output>
      <label className="speed">
        <span>Speed</span>
        <select value={player.speed} onChange={(e) => player.setSpeed(Number(e.target.value))} title="Slower (−) / faster (+)">
          {SPEEDS.map((s, i) => <option key={s} value={i}>{s} steps/s</option>)}
        </select>
      </label>
    </div>
  );
}
