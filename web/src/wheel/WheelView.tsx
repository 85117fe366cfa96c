// Kafka's timing wheel, drawn: one row of 20 slots per level with its clock hand, each bucket's
// timers stacked in list order (keyed by timer, so a cascade animates as a move down a level),
// the fired timers on a strip below, the delay queue of buckets as the heap it is, and the
// tables screen readers and tests read: "wheel levels", "wheel buckets" and the "fired" list.
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { LIMITS, type CODES, type Field, type Frame } from './schema.gen';
import type { DrawnField, FLAG } from '../arrayHeap/viewModel';
import type { Trace } from '../script/trace';
import { HeapView, type HeapWords } from '../arrayHeap/HeapView';

/** This lesson's words for its heaps: "slot" is a wheel's, and the heap lesson's "hand" is not taught here. */
const QUEUE_WORDS = (key: string): HeapWords => ({ held: 'being placed', removed: 'leaving', key, slot: 'place' });
import { useWidth } from '../util/useWidth';
import { num } from '../util/format';
import { CHIP_H, LABEL_W, ROW_H, SLOT_W, WIDTH, chipPlaces, handsOutOfSight, wheelModel, type WheelModel } from './viewModel';

const MIN_LABEL_PX = 11;
/** The narrowest the whole wheel is drawn (36rem); on a narrower screen its slots scroll. */
const MIN_WHEEL_PX = 576;
/** The names' column is never narrower than this on screen ("8,000 ms ticks" at 11 px). */
const NAMES_PX = 94;

const bucketName = (b: number, size: number) => `L${Math.floor(b / size)}[${b % size}]`;

/** The two clocks: now (the real clock, which expirations count from) and the wheel's own. */
export function Clocks({ m }: { m: WheelModel }) {
  const behind = m.now - m.wheelTime;
  return (
    <p className="wheel-clocks">
      Now: <strong>{num(m.now)} ms</strong> · the wheel&apos;s clock: <strong>{num(m.wheelTime)} ms</strong>{' '}
      <span className="hint">
        {behind > 0 ? `(${num(behind)} ms behind: it moves only when a bucket comes due)` : '(it moves only when a bucket comes due)'}
      </span>
    </p>
  );
}

/** The fired timers, in order, as "ID at T". */
export function FiredList({ m, trace, name }: { m: WheelModel; trace: Trace; name: string }) {
  return (
    <div className="fired-list">
      <h4 id={`${name}-h`}>Fired, in order</h4>
      {m.fired.length === 0 && <p className="hint">Nothing has fired yet.</p>}
      <ol aria-label={name} className="inline-list">
        {m.fired.map(({ timer, time }) => <li key={timer}>{trace.entityLabels[timer]} at {time}</li>)}
      </ol>
    </div>
  );
}

function Tables({ m, trace }: { m: WheelModel; trace: Trace }) {
  return (
    <div className="wheel-tables">
      <table className="counters" aria-label="wheel levels">
        <caption>Levels</caption>
        <thead><tr><th scope="col">level</th><th scope="col">tick (ms)</th><th scope="col">interval (ms)</th><th scope="col">current time (ms)</th></tr></thead>
        <tbody>
          {m.levels.map((l) => (
            <tr key={l.level} className={m.focusLevel === l.level ? 'focus' : undefined}>
              <td>{l.level}</td><td>{l.tick}</td><td>{l.interval}</td><td>{l.time}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="counters" aria-label="wheel buckets">
        <caption>Non-empty buckets{m.buckets.length === 0 ? ': none, every bucket is empty' : ''}</caption>
        <thead><tr><th scope="col">level</th><th scope="col">slot</th><th scope="col">expires (ms)</th><th scope="col">timers</th></tr></thead>
        <tbody>
          {m.buckets.map((b) => (
            <tr key={`${b.level}-${b.slot}`}>
              <td>{b.level}</td><td>{b.slot}</td><td>{b.expires}</td>
              <td className="mono">{b.timers.map((t) => trace.entityLabels[t]).join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The levels and their buckets, and the fired strip. */
function WheelDrawing({ m, trace, size, moveMs, queued, subject }: {
  m: WheelModel; trace: Trace; size: number; moveMs: number;
  /** The bucket the delay queue below is placing or moving (−1: none), and the timer the operation is about. */
  queued: number; subject: number;
}) {
  // The frame's width sets the scale: the whole wheel fits it down to MIN_WHEEL_PX; narrower (a
  // phone), the slots keep that scale and scroll sideways beside the level names, which stay put.
  const frameRef = useRef<HTMLDivElement>(null);
  const frameWidth = useWidth(frameRef);
  const fit = Math.max(frameWidth || WIDTH, MIN_WHEEL_PX);
  // The names' column keeps its text readable (NAMES_PX) even where that is wider than the
  // drawing's label column: the slots then get the rest of the frame, so the last one still fits.
  const unitsPerPx = Math.max(WIDTH / fit, (WIDTH - LABEL_W) / (fit - NAMES_PX));
  const font = MIN_LABEL_PX * unitsPerPx;
  const { chips, firedTop, height, more } = chipPlaces(m, size);
  const style = { '--move-ms': `${moveMs}ms`, '--wheel-font': `${font}px` } as CSSProperties;
  // On a phone the rows are wider than the screen: bring the slot a step is about into view.
  const scroller = useRef<HTMLDivElement>(null);
  const timer = m.focusTimer >= 0 ? m.focusTimer : subject;
  const chip = chips.find((c) => c.timer === timer && !c.fired && !c.hidden);
  const bucket = m.focusBucket >= 0 ? m.focusBucket : queued;
  const focusX = bucket >= 0 ? LABEL_W + (bucket % size) * SLOT_W : chip ? chip.x : -1;
  // The part of the rows in view, so a clock scrolled out of sight can be pointed at.
  const [inView, setInView] = useState<[number, number]>([0, Infinity]);
  const measureView = useCallback(() => {
    const el = scroller.current;
    if (el) setInView((v) => (v[0] === el.scrollLeft && v[1] === el.clientWidth ? v : [el.scrollLeft, el.clientWidth]));
  }, []);
  useEffect(() => {
    const el = scroller.current;
    if (!el || focusX < 0 || frameWidth === 0) return measureView();
    const [left, right] = [(focusX - LABEL_W) / unitsPerPx, (focusX - LABEL_W + SLOT_W) / unitsPerPx];
    // Keep clear of the faded edge (2.5rem) that says the row goes on.
    const margin = 48;
    if (left < el.scrollLeft + margin || right > el.scrollLeft + el.clientWidth - margin) {
      el.scrollLeft = Math.max(0, left - el.clientWidth / 2);
    }
    measureView();
  }, [focusX, frameWidth, unitsPerPx, measureView]);
  const slotLeft = (slot: number) => (slot * SLOT_W) / unitsPerPx;
  const hidden = handsOutOfSight(m.levels.map((l) => ({ level: l.level, slot: l.hand })), slotLeft, SLOT_W / unitsPerPx, inView);
  const showHand = (slot: number) => {
    const el = scroller.current;
    if (el) el.scrollLeft = Math.max(0, slotLeft(slot) - el.clientWidth / 2);
  };
  const px = (units: number) => `${units / unitsPerPx}px`;
  // The names' column: the drawing's label column, or on a phone as wide as "8,000 ms ticks" needs.
  const namesW = Math.max(LABEL_W, NAMES_PX * unitsPerPx);
  const bands = m.levels.map((l) => (
    <rect key={l.level} className={`level-band${m.focusLevel === l.level ? ' focus' : ''}`} x={0} y={l.level * ROW_H} width={WIDTH} height={ROW_H - 6} rx={6} />
  ));
  return (
    <div className="wheel-drawing-frame" style={style} ref={frameRef}>
      <div className="wheel-columns">
        {/* The level names: a column of their own, so scrolling the slots never puts a name over one. */}
        <svg className="wheel-svg wheel-row-names" viewBox={`0 0 ${namesW} ${height}`} style={{ width: px(namesW), height: px(height) }} aria-hidden="true">
          {bands}
          {m.levels.map((l) => {
            const top = l.level * ROW_H;
            return (
              <g key={l.level}>
                <text className="level-name" x={8} y={top + 16}>level {l.level}</text>
                <text className="level-info" x={8} y={top + 16 + font * 1.2}>{num(l.tick)} ms ticks</text>
                <text className="level-info" x={8} y={top + 16 + font * 2.4}>clock {num(l.time)}</text>
              </g>
            );
          })}
          <text className="level-name" x={8} y={firedTop + CHIP_H - 4}>fired</text>
        </svg>
        <div className="wheel-scroll-frame">
          <div className="wheel-drawing scrolls" ref={scroller} data-follows-focus="" onScroll={measureView}>
            <svg className="wheel-svg" viewBox={`${LABEL_W} 0 ${WIDTH - LABEL_W} ${height}`} style={{ width: px(WIDTH - LABEL_W), height: px(height) }} role="img"
              aria-label={`The timing wheel: ${m.levels.length} level${m.levels.length === 1 ? '' : 's'}, now ${m.now} ms, the wheel's clock at ${m.wheelTime} ms, ${m.buckets.reduce((s, b) => s + b.timers.length, 0)} timers waiting, ${m.fired.length} fired`}>
              {bands}
              {m.levels.map((l) => {
                const top = l.level * ROW_H;
                return (
                  <g key={l.level} className={`wheel-level${m.focusLevel === l.level ? ' focus' : ''}`}>
                    {Array.from({ length: size }, (_, slot) => {
                      const b = l.level * size + slot;
                      const exp = m.expirations[b];
                      const cls = ['slot', slot === l.hand && 'hand', m.focusBucket === b && 'focus', m.fromBucket === b && 'from', exp >= 0 && 'set']
                        .filter(Boolean).join(' ');
                      return (
                        <g key={slot} className={cls}>
                          <rect x={LABEL_W + slot * SLOT_W} y={top + 2} width={SLOT_W - 2} height={ROW_H - 10} rx={3} />
                          <text className="slot-no" x={LABEL_W + slot * SLOT_W + SLOT_W / 2 - 1} y={top + 2 + font} textAnchor="middle">{slot}</text>
                          {exp >= 0 && <text className="slot-exp" x={LABEL_W + slot * SLOT_W + SLOT_W / 2 - 1} y={top + 2 + font * 1.95} textAnchor="middle">{exp}</text>}
                          <title>{`${bucketName(b, size)}: expires ${exp >= 0 ? `at ${exp} ms` : 'unset (−1)'}${slot === l.hand ? '; the clock points here' : ''}`}</title>
                        </g>
                      );
                    })}
                  </g>
                );
              })}
              {chips.map((c) => (
                <g key={c.timer} className={`chip${c.fired ? ' fired' : ''}${m.focusTimer === c.timer ? ' focus' : ''}${c.hidden ? ' hidden' : ''}`}
                  style={{ transform: `translate(${c.x}px, ${c.y}px)` }}>
                  <rect width={SLOT_W - 4} height={CHIP_H - 2} rx={3} />
                  <text x={(SLOT_W - 4) / 2} y={CHIP_H / 2} dy="0.32em" textAnchor="middle">{trace.entityLabels[c.timer]}</text>
                </g>
              ))}
              {more.map((x) => (
                <text key={`${x.x}-${x.y}`} className="more" x={x.x + (SLOT_W - 4) / 2} y={x.y + CHIP_H / 2} dy="0.32em" textAnchor="middle">+{x.n}</text>
              ))}
            </svg>
          </div>
          {/* A level's clock out of sight: a marker on its row, at the side it is on, that scrolls to it when tapped. */}
          {hidden.map((h) => (
            <button key={h.level} type="button" tabIndex={-1} aria-hidden="true" className={`wheel-hand-away ${h.side}`}
              style={{ top: px(h.level * ROW_H + ROW_H / 2 - 3) }} onClick={() => showHand(h.slot)}>
              {h.side === 'left' ? `◂ clock: ${h.slot}` : `clock: ${h.slot} ▸`}
            </button>
          ))}
        </div>
      </div>
      <p className="hint">
        Each row is a level: {size} slots of one tick each; the outlined slot is where the level&apos;s clock points, and
        a slot&apos;s number over its expiration is its bucket, listing its timers head first. A bucket is in the
        delay queue below while its expiration is set.
      </p>
    </div>
  );
}

type Holds<T extends true> = T;
/** The delay queue is drawn by the shared array-heap drawing on the wheel's q_ fields: each field it reads is one of the wheel's (else the type check fails here). */
export type DelayQueueFields = Holds<`q_${DrawnField}` extends Field ? true : false>;
/** …and its slots' flags are the drawing's. */
export type DelayQueueFlags = Holds<[typeof FLAG, typeof CODES.flag] extends [typeof CODES.flag, typeof FLAG] ? true : false>;

export function WheelView({ frame, trace, moveMs, inRace = false }: { frame: Frame; trace: Trace; moveMs: number; inRace?: boolean }) {
  const size = LIMITS.wheelSize;
  const m = wheelModel(frame, size);
  const label = (t: number) => trace.entityLabels[t] ?? '?';
  if (trace.variant === 'wheel') {
    return (
      <div className="wheel-view">
        <Clocks m={m} />
        <WheelDrawing m={m} trace={trace} size={size} moveMs={moveMs} queued={frame.get('q_held')}
          subject={trace.actions[frame.get('action')]?.subject ?? -1} />
        <Tables m={m} trace={trace} />
        <h4>The delay queue of buckets (a JDK heap, ordered by expiration)</h4>
        <HeapView frame={frame} moveMs={moveMs} title="Delay queue of buckets" what="buckets" words={QUEUE_WORDS('expiration')}
          names={{
            prefix: 'q_', indexed: false,
            label: (b) => (m.expirations[b] >= 0 ? String(m.expirations[b]) : bucketName(b, size)),
            sublabel: (b) => bucketName(b, size),
          }} />
        <FiredList m={m} trace={trace} name="fired" />
      </div>
    );
  }
  return (
    <div className="wheel-view">
      <p className="hint">The clock is at {m.now} ms. Each task sits in the heap by its due time; the array shows its ID under it.</p>
      <HeapView frame={frame} moveMs={moveMs} title="DelayQueue of tasks" what="tasks" words={QUEUE_WORDS('due at')}
        names={{ prefix: 'q_', indexed: false, label: (t) => String(frame.get('timer_exp', t)), sublabel: (t) => `#${label(t)}` }} />
      {/* In the race the wheel's list is "fired"; this one needs a name of its own. */}
      <FiredList m={m} trace={trace} name={inRace ? 'fired (delay queue)' : 'fired'} />
    </div>
  );
}
