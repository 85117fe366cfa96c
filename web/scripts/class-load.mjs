// `npm run bench -- class [--quick | --full] [--json FILE]`: the class server under a class's
// load, in three configurations: 300 students on one instance of the embedded database; 300 on
// one instance of PostgreSQL; 1,000 across two instances sharing one PostgreSQL (a throwaway
// server, when one can be had), each answer sent to either instance in turn, as a load balancer
// without sticky sessions would. Every student sends its next answer in the same instant, round
// after round, while two teacher pages follow the class live. Reports each answer's latency
// (p50, p99, max), answers per second, the bytes the teacher pages received, the answers lost
// (acknowledged as stored but missing from what the teacher's report reads back from the
// database: must be 0), and where each instance's time went (api/timings).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePostgres, step } from './toolchain.mjs';
import { SERVER_BUNDLE, WASM_FILE } from './class-server.mjs';
import { startPostgres } from '../server/postgres.mjs';

/**
 * The load generator is a class of hundreds behind one address, a thousand joining in seconds: the
 * per-address join limit is widened (and those per key, which the rounds do not come near). The
 * limit on keys an instance does not know is left as it is: a student who joined through the other
 * instance is announced to this one, and does not count against it.
 */
const LIMITS = JSON.stringify({ join: 100_000, answer: 100_000, read: 100_000, teacher: 100_000 });

function startServer(data, databaseUrl) {
  const args = ['--wasm', WASM_FILE, '--data', data, '--port', '0', '--limits', LIMITS];
  // HOTPATH_CLASS_PROFILE=DIR: each instance writes a V8 CPU profile there when it stops (where its CPU went).
  const profile = process.env.HOTPATH_CLASS_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.HOTPATH_CLASS_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--input-type=module', '-e', `import(${JSON.stringify(`file://${SERVER_BUNDLE}`)}).then((m) => m.main(${JSON.stringify(args)}))`], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: databaseUrl ?? '', HOTPATH_CLASS_TIMINGS: '1' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (\S+) /.exec(out);
      if (m) resolve({ url: m[1], child });
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`the class server exited (${code}): ${out.slice(-500)}`)));
  });
}

/**
 * One API call through node:http on kept-alive connections: the load generator shares the
 * machine's two cores with the server, and fetch costs it about twice the CPU per request.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
/**
 * @param {string} url
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string }} [options]
 * @returns {Promise<any>}
 */
function call(url, path, { method = 'GET', body, token } = {}) {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}api/${path}`, {
      method, agent,
      headers: { ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if ((res.statusCode ?? 0) >= 400) reject(new Error(`${method} ${path}: ${res.statusCode} ${json.error}`));
          else resolve(json);
        } catch (e) {
          reject(e);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** A teacher page following the class: counts the bytes and events it is sent. */
function followClass(url, classId, token) {
  const ctl = new AbortController();
  const seen = { bytes: 0, events: 0 };
  const done = (async () => {
    try {
      const r = await fetch(`${url}api/classes/${classId}/events`, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
      const reader = /** @type {ReadableStream<Uint8Array>} */ (r.body).getReader();
      for (let x = await reader.read(); !x.done; x = await reader.read()) {
        seen.bytes += x.value.length;
        seen.events += (new TextDecoder().decode(x.value).match(/^event: /gm) ?? []).length;
      }
    } catch {
      // stopped
    }
  })();
  return { seen, stop: async () => { ctl.abort(); await done; } };
}

/** A plausible answer to a question, different per student and round (so none is a repeat). */
function answerFor(q, student, round) {
  if (q.kind === 'trace') {
    const n = q.cells.labels.length;
    return Array.from({ length: Math.min(n, 3) }, (_, k) => (student + round + k * 7) % n);
  }
  if (q.choices) return q.choices[(student + round) % q.choices.length];
  return String(1000 * round + student);
}

const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/**
 * One configuration: `instances` servers on one database, `students` answering `rounds` times.
 * @param {string} name
 * @param {{ databaseUrl?: string, instances: number, students: number, rounds: number }} options
 */
async function loadOne(name, { databaseUrl, instances, students, rounds }) {
  const dirs = Array.from({ length: instances }, () => mkdtempSync(join(tmpdir(), 'hotpath-class-load-')));
  step(`${name}: starting ${instances === 1 ? 'one server instance' : `${instances} server instances`} …`);
  const servers = [];
  try {
    for (const d of dirs) servers.push(await startServer(d, databaseUrl));
    const urls = servers.map((s) => s.url);
    const lesson = 'cancelling-timers';
    const cls = await call(urls[0], 'classes', { method: 'POST', body: { name: 'Load', lessons: [lesson], seedPerStudent: false, seed: 'load', policy: 'practice' } });
    step(`${name}: ${students} students join …`);
    const tokens = [];
    for (let i = 0; i < students; i += 50) {
      tokens.push(...await Promise.all(Array.from({ length: Math.min(50, students - i) }, (_, k) => call(urls[(i + k) % urls.length], `classes/${cls.id}/students`, { method: 'POST', body: { name: `Student ${i + k + 1}` } }).then((j) => j.token))));
    }
    const questions = (await call(urls[0], `work/${lesson}`, { token: tokens[0] })).questions;
    // Two teacher pages follow the class live, on the first instance, as they would in a class.
    const teachers = [followClass(urls[0], cls.id, cls.teacherToken), followClass(urls[0], cls.id, cls.teacherToken)];
    for (const u of urls) await fetch(`${u}api/timings`, { method: 'DELETE' });
    const latencies = [];
    let acknowledged = 0;
    let errors = 0;
    const firstError = [];
    const load0 = loadavg()[0];
    const cpu0 = process.cpuUsage();
    step(`${name}: ${rounds} rounds of ${students} answers at once …`);
    const t0 = performance.now();
    for (let round = 0; round < rounds; round++) {
      const q = questions[round % questions.length];
      await Promise.all(tokens.map(async (token, s) => {
        const start = performance.now();
        try {
          const r = await call(urls[(s + round) % urls.length], 'work', { method: 'POST', token, body: { requestId: `load-${round}-${s}-${cls.id}`, lesson, exercise: q.id, action: 'answer', answer: answerFor(q, s, Math.floor(round / questions.length)) } });
          latencies.push(performance.now() - start);
          if (r.stored) acknowledged++;
        } catch (e) {
          errors++;
          if (firstError.length === 0) firstError.push(e.message);
        }
      }));
    }
    const seconds = (performance.now() - t0) / 1000;
    const load1 = loadavg()[0];
    const cpu = process.cpuUsage(cpu0);
    await new Promise((r) => setTimeout(r, 500)); // the last live update goes out
    for (const t of teachers) await t.stop();
    const timings = await Promise.all(urls.map(async (u) => (await fetch(`${u}api/timings`)).json()));
    const report = await call(urls[0], `classes/${cls.id}/report`, { token: cls.teacherToken });
    const stored = report.actions.filter((a) => a.action === 'answer').length;
    latencies.sort((a, b) => a - b);
    return {
      backend: name, instances, students, rounds, sent: students * rounds, acknowledged, stored, lost: Math.max(0, acknowledged - stored), errors,
      firstError: firstError[0], p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.at(-1), answersPerSecond: (students * rounds) / seconds,
      teacherBytesPerAnswer: teachers[0].seen.bytes / Math.max(1, acknowledged), teacherEvents: teachers[0].seen.events, loadBefore: load0, loadAfter: load1, timings,
      seconds, generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
  } finally {
    agent.destroy();
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** Per phase, summed over the instances: mean milliseconds per answer and the share of the request. */
function whereTheTimeWent(r) {
  const phases = {};
  for (const t of r.timings) {
    for (const [k, v] of Object.entries(t)) {
      const p = phases[k] ?? { count: 0, totalMs: 0, maxMs: 0 };
      phases[k] = { count: p.count + v.count, totalMs: p.totalMs + v.totalMs, maxMs: Math.max(p.maxMs, v.maxMs) };
    }
  }
  const answers = r.sent;
  const line = (label, k, per = answers) => {
    const p = phases[k];
    return p ? `    ${label.padEnd(44)}${(p.totalMs / per).toFixed(2).padStart(8)} ms${p.count !== per ? ` (${p.count} times, ${(p.totalMs / p.count).toFixed(2)} ms each)` : ''}` : null;
  };
  const batches = phases.batch;
  const cpu = phases.cpu;
  const busy = r.timings.map((t) => t['event loop busy']?.totalMs ?? 0);
  return [
    `  ${r.backend}: where each answer's time went on the server (mean per answer; a transaction serves a batch); the load generator used ${r.generatorCpuSeconds.toFixed(1)} s of CPU in the ${r.seconds.toFixed(1)} s`,
    line('key check, schema and answer checks', 'request: key and checks'),
    line('  of it: the key check', 'request: key'),
    ...Object.keys(phases).filter((k) => k.startsWith('key check: row read')).sort().map((k) => line(`    of it: ${k.slice('key check: '.length)}`, k)),
    phases['change feed lost'] ? `    ${'change feed lost (then nothing kept)'.padEnd(44)}${String(phases['change feed lost'].count).padStart(8)} times` : null,
    line('waiting in the queue, then its transaction', 'request: queue and transaction'),
    line('  of it: transaction read (lock, logs)', 'read'),
    line('  of it: grading and deciding (JS, no wasm)', 'grade'),
    line('  of it: insert + NOTIFY, one statement', 'write'),
    line('card state for the reply', 'request: card'),
    line('live update: query + fan-out to pages', 'live update'),
    batches ? `    ${'answers per transaction (mean, largest)'.padEnd(44)}${(batches.totalMs / batches.count).toFixed(1).padStart(8)}, ${batches.maxMs}` : null,
    cpu ? `    ${'server CPU per answer (all of it: HTTP too)'.padEnd(44)}${(cpu.totalMs / answers).toFixed(2).padStart(8)} ms; event loop busy ${busy.map((b) => `${Math.round(100 * b)} %`).join(', ')} of the run` : null,
  ].filter(Boolean).join('\n');
}

export async function runClassLoad({ preset, json }) {
  const rounds = preset === 'full' ? 24 : 8;
  const results = [await loadOne('embedded', { instances: 1, students: 300, rounds })];
  if (!process.env.DATABASE_URL) await ensurePostgres();
  const pg = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : await startPostgres();
  if (pg.url) {
    try {
      results.push(await loadOne('postgres', { databaseUrl: pg.url, instances: 1, students: 300, rounds }));
      results.push(await loadOne('postgres ×2', { databaseUrl: pg.url, instances: 2, students: 1000, rounds }));
    } finally {
      pg.stop?.();
    }
  } else step(`No PostgreSQL to load: ${pg.why}.`);
  const f = (x) => x.toFixed(1).padStart(8);
  console.log(`\nClass load test: every student answering at once, ${rounds} rounds, two teacher pages following live, ${preset} preset (load average before → after each run shown; the generator runs on the same machine)`);
  console.log(`${'backend'.padEnd(12)}${'inst'.padStart(5)}${'students'.padStart(9)}${'sent'.padStart(7)}${'stored'.padStart(8)}${'errors'.padStart(7)}${'lost'.padStart(5)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'answers/s'.padStart(10)}${'live B/ans'.padStart(11)}  load`);
  for (const r of results) {
    console.log(`${r.backend.padEnd(12)}${String(r.instances).padStart(5)}${String(r.students).padStart(9)}${String(r.sent).padStart(7)}${String(r.stored).padStart(8)}${String(r.errors).padStart(7)}${String(r.lost).padStart(5)}${f(r.p50)} ${f(r.p99)} ${f(r.max)}${r.answersPerSecond.toFixed(0).padStart(10)}${r.teacherBytesPerAnswer.toFixed(0).padStart(11)}  ${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)}`);
    if (r.firstError) console.log(`  first error: ${r.firstError}`);
  }
  console.log('');
  for (const r of results) console.log(whereTheTimeWent(r));
  if (json) writeFileSync(json, JSON.stringify({ rounds, preset, results }, null, 2));
  if (results.some((r) => r.lost > 0)) throw new Error('Answers were lost: acknowledged as stored but not in the database.');
}
