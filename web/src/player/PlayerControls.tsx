import { useId } from 'react';
import { SPEEDS, type Player } from './usePlayer';

/**
 * A step button: one that has nothing to do is marked so (aria-disabled) but keeps the focus it
 * has. A `disabled` button would drop it, as |◀ did on reaching the start, and the keys the
 * player listens for would go nowhere until the player was clicked again.
 */
function StepButton({ off, onClick, ...rest }: { off: boolean; onClick: () => void; title: string; 'aria-label': string; children: string }) {
  return <button type="button" aria-disabled={off} onClick={() => { if (!off) onClick(); }} {...rest} />;
}

/** Play/pause, step, jump, scrub and speed; the keys are listed in the title of each control. */
export function PlayerControls({ player, label }: { player: Player; label: string }) {
  const id = useId();
  const { step, length, playing } = player;
  return (
    <div className="player-controls" role="group" aria-label={`${label} player`}>
      <StepButton onClick={player.toStart} off={step === 0} title="Start (Home)" aria-label="Jump to start">|◀</StepButton>
      <StepButton onClick={() => player.stepBy(-1)} off={step === 0} title="Step back (←)" aria-label="Step back">◀</StepButton>
      <button type="button" className="play" onClick={player.toggle} disabled={length === 0} title="Play or pause (Space)"
        aria-label={playing ? 'Pause' : 'Play'}>{playing ? 'Pause' : '▶ Play'}</button>
      <StepButton onClick={() => player.stepBy(1)} off={step >= length} title="Step forward (→)" aria-label="Step forward">▶</StepButton>
      <StepButton onClick={player.toEnd} off={step >= length} title="End (End)" aria-label="Jump to end">▶|</StepButton>
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
