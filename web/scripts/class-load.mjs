// `npm run bench -- class [--quick | --full] [--json FILE]`: the class server under a class's
// load. One server instance (the bundled server, in a process of its own) per backend, the
// embedded database and then PostgreSQL (a throwaway server, when one can be had); 300 students
// join one class, then answer at once, every student sending its next answer in the same
// instant, round after round. Reports each answer's latency (p50, p99, max) and the answers lost:
// acknowledged as stored by the server but missing from what the teacher's report reads back
// from the database (must be 0).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { step } from './toolchain.mjs';
import { SERVER_BUNDLE, WASM_FILE } from './class-server.mjs';
import { startPostgres } from './postgres.mjs';

const STUDENTS = 300;

function startServer(data, databaseUrl) {
  const args = ['--wasm', WASM_FILE, '--data', data, '--port', '0'];
  const child = spawn(process.execPath, ['--input-type=module', '-e', `import(${JSON.stringify(`file://${SERVER_BUNDLE}`)}).then((m) => m.main(${JSON.stringify(args)}))`], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: databaseUrl ?? '' },
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
 * @param {string} url
 * @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string }} [options]
 */
async function call(url, path, { method = 'GET', body, token } = {}) {
  const r = await fetch(`${url}api/${path}`, {
    method, body: body && JSON.stringify(body),
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${json.error}`);
  return json;
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

async function loadOne(name, databaseUrl, rounds) {
  const data = mkdtempSync(join(tmpdir(), 'hotpath-class-load-'));
  step(`${name}: starting one server instance …`);
  const { url, child } = await startServer(data, databaseUrl);
  try {
    const lesson = 'cancelling-timers';
    const cls = await call(url, 'classes', { method: 'POST', body: { name: 'Load', lessons: [lesson], seedPerStudent: false, seed: 'load', policy: 'practice' } });
    step(`${name}: ${STUDENTS} students join …`);
    const tokens = [];
    for (let i = 0; i < STUDENTS; i += 50) {
      tokens.push(...await Promise.all(Array.from({ length: Math.min(50, STUDENTS - i) }, (_, k) => call(url, `classes/${cls.id}/students`, { method: 'POST', body: { name: `Student ${i + k + 1}` } }).then((j) => j.token))));
    }
    const work = await call(url, `work/${lesson}`, { token: tokens[0] });
    const questions = work.questions;
    const latencies = [];
    let acknowledged = 0;
    let errors = 0;
    const firstError = [];
    const t0 = performance.now();
    for (let round = 0; round < rounds; round++) {
      const q = questions[round % questions.length];
      await Promise.all(tokens.map(async (token, s) => {
        const start = performance.now();
        try {
          const r = await call(url, 'work', { method: 'POST', token, body: { requestId: `load-${round}-${s}-${cls.id}`, lesson, exercise: q.id, action: 'answer', answer: answerFor(q, s, Math.floor(round / questions.length)) } });
          latencies.push(performance.now() - start);
          if (r.stored) acknowledged++;
        } catch (e) {
          errors++;
          if (firstError.length === 0) firstError.push(e.message);
        }
      }));
    }
    const seconds = (performance.now() - t0) / 1000;
    const report = await call(url, `classes/${cls.id}/report`, { token: cls.teacherToken });
    const stored = report.exports.reduce((n, e) => n + e.log.filter((l) => l.action === 'answer').length, 0);
    latencies.sort((a, b) => a - b);
    return {
      backend: name, students: STUDENTS, rounds, sent: STUDENTS * rounds, acknowledged, stored, lost: Math.max(0, acknowledged - stored), errors,
      firstError: firstError[0], p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.at(-1), answersPerSecond: (STUDENTS * rounds) / seconds,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(data, { recursive: true, force: true });
  }
}

export async function runClassLoad({ preset, json }) {
  const rounds = preset === 'full' ? 24 : 8;
  const results = [await loadOne('embedded', undefined, rounds)];
  const pg = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : await startPostgres();
  if (pg.url) {
    try {
      results.push(await loadOne('postgres', pg.url, rounds));
    } finally {
      pg.stop?.();
    }
  } else step(`No PostgreSQL to load: ${pg.why}.`);
  const f = (x) => x.toFixed(1).padStart(8);
  console.log(`\nClass load test: ${STUDENTS} students answering at once, ${rounds} rounds (${STUDENTS * rounds} answers), one server instance, ${preset} preset`);
  console.log(`${'backend'.padEnd(10)}${'sent'.padStart(7)}${'stored'.padStart(8)}${'errors'.padStart(8)}${'lost'.padStart(6)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'answers/s'.padStart(11)}`);
  for (const r of results) {
    console.log(`${r.backend.padEnd(10)}${String(r.sent).padStart(7)}${String(r.stored).padStart(8)}${String(r.errors).padStart(8)}${String(r.lost).padStart(6)}${f(r.p50)} ${f(r.p99)} ${f(r.max)}${r.answersPerSecond.toFixed(0).padStart(11)}`);
    if (r.firstError) console.log(`  first error: ${r.firstError}`);
  }
  if (json) writeFileSync(json, JSON.stringify({ students: STUDENTS, rounds, preset, results }, null, 2));
  if (results.some((r) => r.lost > 0)) throw new Error('Answers were lost: acknowledged as stored but not in the database.');
}
