// The UDP server under overload, live: a receiving thread offering packets into the queue the
// reader picks, consumers polling at a lower rate, a memory budget. The real queue runs in a
// Worker; the charts follow simulated time, and the rates can be changed while it runs.
import { useId, useRef, useState } from 'react';
import { LineChart, type LineSeries } from '../charts/LineChart';
import { ShareEmbed } from '../embed/ShareEmbed';
import { embedLink } from '../embed/link';
import { MIB, settingsNotes, type OverloadConfig, type OverloadSample } from './overload';
import type { OverloadReply, OverloadRequest } from './overloadProtocol';
import { num } from '../util/format';
import { LABEL, LIMITS, checkOverloadNumber as check } from './overloadLimits';
import { useWorkerRun } from '../wasm/useWorkerRun';
import { ProgressStatus } from '../ui/ProgressStatus';
import { focusAfterRender } from '../util/focus';

type Status = 'idle' | 'running' | 'done' | 'oom' | 'stopped' | 'failed';

const QUEUES: { value: OverloadConfig['queue']; label: string }[] = [
  { value: 'clq', label: 'CLQ, unbounded' },
  { value: 'clq-size', label: 'CLQ, offer only if size() < bound' },
  { value: 'abq', label: 'ArrayBlockingQueue(bound)' },
  { value: 'spsc', label: 'JCTools SpscArrayQueue(bound)' },
  { value: 'mpsc', label: 'JCTools MpscArrayQueue(bound)' },
];

const spawn = () => new Worker(new URL('./overloadWorker.ts', import.meta.url), { type: 'module' });

export function OverloadSim({ queue = 'clq', arrivalRate = 200_000, serviceRate = 150_000, bound = 20_000, budgetMiB = 128, seconds = 5 }: {
  queue?: OverloadConfig['queue']; arrivalRate?: number; serviceRate?: number; bound?: number; budgetMiB?: number; seconds?: number;
}) {
  const id = useId();
  const [kind, setKind] = useState<OverloadConfig['queue']>(queue);
  const [text, setText] = useState<Record<keyof typeof LIMITS, string>>({
    arrivalRate: String(arrivalRate), serviceRate: String(serviceRate), bound: String(bound), budgetMiB: String(budgetMiB), seed: '1', seconds: String(seconds),
  });
  const [samples, setSamples] = useState<OverloadSample[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const [oomAt, setOomAt] = useState<number | null>(null);
  /** The run shown: its settings, and the slots its queue had (what the status line describes). */
  const [run, setRun] = useState<{ config: OverloadConfig; capacity: number } | null>(null);
  const [pace, setPace] = useState({ simulated: 0, wall: 0 });
  const worker = useWorkerRun<OverloadRequest, OverloadReply>(spawn);
  const chart = useRef<HTMLDivElement>(null);
  const runButton = useRef<HTMLButtonElement>(null);
  const running = useRef<{ budget: number } | null>(null);

  const values = Object.fromEntries(Object.entries(text).map(([k, v]) => [k, check(k as keyof typeof LIMITS, v)])) as Record<keyof typeof LIMITS, number | string>;
  const problems = Object.values(values).filter((v): v is string => typeof v === 'string');

  const stop = () => {
    worker.stop();
    setStatus((s) => (s === 'running' ? 'stopped' : s));
  };

  const start = () => {
    if (problems.length) return;
    const config: OverloadConfig = {
      queue: kind, arrivalRate: values.arrivalRate as number, serviceRate: values.serviceRate as number,
      bound: values.bound as number, budgetMiB: values.budgetMiB as number, seed: values.seed as number,
    };
    running.current = { budget: config.budgetMiB * MIB };
    setRun({ config, capacity: 0 });
    setSamples([]);
    setOomAt(null);
    setMessage('');
    setStatus('running');
    worker.start({ type: 'start', config, durationMs: (values.seconds as number) * 1000 }, {
      reply: (m) => {
        if (m.type === 'started') setRun({ config, capacity: m.capacity });
        else {
          setSamples((s) => [...s, ...m.samples]);
          setPace({ simulated: m.simulatedMs, wall: m.wallMs });
        }
      },
      done: (m) => {
        setOomAt(m.oomAtMs);
        setStatus(m.oomAtMs === null ? 'done' : 'oom');
      },
      fail: (message) => {
        setMessage(message);
        setStatus('failed');
      },
    });
  };

  /** A rate box changed: a valid value reaches the running simulation at once. */
  const edit = (field: keyof typeof LIMITS, v: string) => {
    const next = { ...text, [field]: v };
    setText(next);
    if (field === 'arrivalRate' || field === 'serviceRate') {
      const a = check('arrivalRate', next.arrivalRate);
      const s = check('serviceRate', next.serviceRate);
      if (typeof a === 'number' && typeof s === 'number') worker.post({ type: 'rates', arrivalRate: a, serviceRate: s });
    }
  };

  const last = samples.at(-1);
  const x = (s: OverloadSample) => s.tMs / 1000;
  const line = (key: string, label: string, className: string, y: (s: OverloadSample) => number, dashed = false): LineSeries =>
    ({ key, label, className, dashed, points: samples.map((s) => ({ x: x(s), y: y(s) })) });
  const budgetMiBNow = (running.current?.budget ?? 0) / MIB;
  /** What the settings as they stand mean: never a note left from an earlier run. */
  const notes = settingsNotes({ queue: kind, ...values });

  const charts: { title: string; y: string; series: LineSeries[] }[] = [
    { title: 'Queue length over simulated time', y: 'packets queued', series: [line('queued', 'packets queued', 'indexed-order', (s) => s.queued)] },
    { title: 'Memory held over simulated time', y: 'MiB held by the queue (packets and array)', series: [
      line('memory', 'MiB held', 'jdk-reverse', (s) => s.memoryBytes / MIB),
      { key: 'budget', label: 'memory budget', className: 'q-budget', dashed: true, points: samples.length ? [{ x: 0, y: budgetMiBNow }, { x: x(samples.at(-1)!), y: budgetMiBNow }] : [] },
    ] },
    { title: 'Packets dropped over simulated time', y: 'packets dropped (cumulative)', series: [
      line('dq', 'refused by the queue (full, or size() ≥ bound)', 'jdk-order', (s) => s.droppedQueue),
      line('ds', 'lost at the socket (the receiver too busy)', 'jdk-reverse', (s) => s.droppedSocket, true),
    ] },
    { title: 'Latency from arrival to poll over simulated time', y: 'ms waited in the queue', series: [
      line('p50', 'median', 'indexed-order', (s) => s.p50Ms), line('p99', '99th percentile', 'indexed-reverse', (s) => s.p99Ms, true),
    ] },
    { title: 'The receiver’s time per packet over simulated time', y: 'µs per packet (recv + queue work)', series: [
      line('cpu', 'µs per packet', 'q-mpsc', (s) => s.receiverNs / 1000),
    ] },
  ];

  return (
    <section className="widget overload-sim" aria-label="UDP server overload simulation">
      <h3 className="widget-title">The UDP server under overload</h3>
      <p className="hint">
        One receiving thread: each packet costs it 1 µs to receive plus the queue work of its offer, counted on the
        real structure (0.65 ns a memory access: a size() walk is about 1.3 ns a node). What it cannot get to in a
        millisecond overflows the socket buffer. Consumers poll at their rate; every queued packet holds a 2,048-byte
        buffer, and an array queue holds its array of references (4 bytes a slot) from the start. Past the budget the
        run stops, as the blog&apos;s server did with an OutOfMemoryError.
      </p>
      <div className="overload-controls">
        <div className="setting queue-choice">
          <label htmlFor={`${id}-queue`}>Queue</label>
          <select id={`${id}-queue`} value={kind} onChange={(e) => setKind(e.target.value as OverloadConfig['queue'])} disabled={status === 'running'}>
            {QUEUES.map((q) => <option key={q.value} value={q.value}>{q.label}</option>)}
          </select>
        </div>
        {(Object.keys(LIMITS) as (keyof typeof LIMITS)[]).map((f) => {
          const bad = typeof values[f] === 'string';
          const locked = status === 'running' && f !== 'arrivalRate' && f !== 'serviceRate';
          return (
            <div className="setting" key={f}>
              <label htmlFor={`${id}-${f}`}>{LABEL[f]}</label>
              <input id={`${id}-${f}`} className="mono" inputMode="numeric" value={text[f]} disabled={locked} aria-invalid={bad}
                onChange={(e) => edit(f, e.target.value)} />
            </div>
          );
        })}
      </div>
      {problems.length > 0 && <p className="input-error" role="alert">{problems.join('. ')}.</p>}
      <div className="button-row">
        <button type="button" ref={runButton} onClick={start} disabled={problems.length > 0}>{status === 'idle' ? 'Start' : 'Start again'}</button>
        {status === 'running' && <button type="button" onClick={() => { stop(); focusAfterRender(runButton); }}>Stop</button>}
      </div>
      {(notes.growth || notes.rounding) && <p className="hint">{[notes.growth, notes.rounding].filter(Boolean).join(' ')}</p>}
      {notes.full && <p className={`hint${notes.full.over ? ' over-budget' : ''}`} role="note">{notes.full.text}</p>}
      <ProgressStatus className={`overload-status ${status}`} settled={status !== 'running'}>
        {status === 'running' && `Running: ${(pace.simulated / 1000).toFixed(2)} s simulated in ${(pace.wall / 1000).toFixed(1)} s.`}
        {status === 'done' && last && `Finished ${(last.tMs / 1000).toFixed(2)} s simulated: memory held steady at ${(last.memoryBytes / MIB).toFixed(1)} MiB, ${num(last.droppedQueue + last.droppedSocket)} packets dropped, median wait ${num(last.p50Ms)} ms.`}
        {status === 'oom' && oomAt !== null && last && run && `Out of memory at ${(oomAt / 1000).toFixed(2)} s: ${num(last.queued)} packets queued${run.capacity > 0 ? ' and the queue’s array' : ''} hold ${(last.memoryBytes / MIB).toFixed(1)} MiB, past the run’s ${num(run.config.budgetMiB)} MiB budget. A real JVM throws OutOfMemoryError here; the lab stops the run (this tab never held those bytes).`}
        {status === 'stopped' && 'Stopped.'}
        {status === 'failed' && `The simulation failed: ${message}`}
      </ProgressStatus>
      {samples.length > 0 && (
        <>
          <div className="overload-charts" ref={chart}>
            {charts.map((c) => (
              <div key={c.title}>
                <LineChart series={c.series} title={c.title} xLabel="simulated time (s)" yLabel={c.y} legend />
              </div>
            ))}
          </div>
          {last && (
            <table className="counters" aria-label="latest sample">
              <caption>At {(last.tMs / 1000).toFixed(2)} s simulated</caption>
              <tbody>
                <tr><th scope="row">packets arrived (the lost ones included)</th><td>{num(last.received)}</td></tr>
                <tr><th scope="row">processed by the consumers</th><td>{num(last.processed)}</td></tr>
                <tr><th scope="row">queued</th><td>{num(last.queued)}</td></tr>
                <tr><th scope="row">memory held (MiB)</th><td>{(last.memoryBytes / MIB).toFixed(1)}</td></tr>
                <tr><th scope="row">refused by the queue</th><td>{num(last.droppedQueue)}</td></tr>
                <tr><th scope="row">lost at the socket</th><td>{num(last.droppedSocket)}</td></tr>
                <tr><th scope="row">median / 99th percentile wait (ms)</th><td>{num(last.p50Ms)} / {num(last.p99Ms)}</td></tr>
                <tr><th scope="row">receiver µs per packet</th><td>{(last.receiverNs / 1000).toFixed(2)}</td></tr>
                <tr><th scope="row">memory accesses per offer</th><td>{num(Math.round(last.accessesPerOffer))}</td></tr>
              </tbody>
            </table>
          )}
        </>
      )}
      <ShareEmbed link={embedLink('overload-sim', {
        queue: kind, 'arrival-rate': text.arrivalRate, 'service-rate': text.serviceRate, bound: text.bound, 'budget-mib': text.budgetMiB, seconds: text.seconds,
      })} title="A UDP server under overload: memory, latency and drops over time" drawing={chart} pending={samples.length > 0 ? undefined : 'run the simulation first: the picture is its charts'}
        name={`overload-${kind}`} caption={last ? `Simulated ${(last.tMs / 1000).toFixed(2)} s: ${num(last.queued)} queued, ${(last.memoryBytes / MIB).toFixed(1)} MiB, ${num(last.droppedQueue + last.droppedSocket)} dropped.` : ''} />
    </section>
  );
}
