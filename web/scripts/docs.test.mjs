// The docs are held to what they describe: the generated grammar in docs/embedding.md is what the
// schemas say now, its routes table is the catalog's, every `npm …` command they show exists and
// answers (its --help, and bench's arguments as written parse), and every relative link leads to
// a file. No timing is asserted: the commands only print their usage.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMBEDDING, ROUTES_BEGIN, ROUTES_END, loadSchemas, renderGrammar, renderRoutes, withGenerated } from './docs.mjs';
import { parseBenchArgs } from './bench-args.mjs';
import { ROOT } from './toolchain.mjs';
import { EMBED_EXAMPLES } from '../src/catalog/routes.ts';
import HEIGHTS from '../src/catalog/embed-heights.json';
import { withHeights } from './docs-heights.mjs';
import { oembedData } from '../server/oembedAnswers.mjs';
import { elementSnippet } from '../src/embed/snippets.ts';
import { familyLink, pinnedUrl } from '../src/embed/link.ts';
import { FIGURE_ONLY, withParts } from '../src/embed/parts.ts';

const DOCS = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (file) => readFileSync(join(ROOT, file), 'utf8');
const SCRIPTS = JSON.parse(text('package.json')).scripts;

/** The code in a Markdown file: fenced blocks' lines and inline code spans, where commands are shown. */
function codeOf(md) {
  const out = [];
  const fenced = /^ *```[^\n]*\n([\s\S]*?)^ *```/gm;
  for (const m of md.matchAll(fenced)) out.push(...m[1].split('\n'));
  for (const m of md.replace(fenced, '').matchAll(/`([^`\n]+)`/g)) out.push(m[1]);
  return out;
}

/** Every `npm start`, `npm test` or `npm run NAME [-- args]` shown, with its arguments as written. */
function npmCommands(md) {
  const out = [];
  for (const line of codeOf(md)) {
    for (const m of line.matchAll(/\bnpm (?:run (\S+)|(start|test)\b)([^#&;|`\n]*)/g)) {
      const rest = m[3].trim();
      const args = rest.startsWith('--') ? rest.replace(/^--\s*/, '').split(/\s+/).filter(Boolean) : [];
      out.push({ script: m[1] ?? m[2], args, as: m[0].trim() });
    }
  }
  return out;
}

/** Runs a package.json script as `npm run` does (its command, node_modules/.bin on PATH) with `args`. */
function runScript(script, args) {
  return new Promise((done) => {
    const child = spawn('sh', ['-c', `${SCRIPTS[script]} ${args.join(' ')}`], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}` },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => done({ code, out }));
  });
}

describe('the docs', () => {
  it('link to each other from the README, which stays short', () => {
    const readme = text('README.md');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024);
    for (const page of DOCS.filter((d) => d !== 'README.md')) expect(readme, page).toContain(`(${page})`);
    expect(readme).toMatch(/```sh\nnpm start\n```/);
    expect(readme).toMatch(/```sh\nnpm test\n```/);
  });

  it('have every relative link lead to a file, and every #anchor to a heading', () => {
    const slug = (h) => h.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
    const anchors = (file) => [...text(file).matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1].replace(/`/g, '')));
    const bad = [];
    for (const doc of DOCS) {
      // Not inside code, where a link is an example to copy.
      const md = text(doc).replace(/^ *```[\s\S]*?^ *```/gm, '').replace(/`[^`\n]*`/g, '');
      for (const [, target] of md.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const file = path ? join(dirname(doc), path) : doc;
        if (!existsSync(resolve(ROOT, file))) bad.push(`${doc}: ${target} (no such file)`);
        else if (anchor && file.endsWith('.md') && !anchors(file).includes(anchor)) bad.push(`${doc}: ${target} (no such heading)`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('show only npm commands that exist, and each answers --help', async () => {
    const commands = DOCS.flatMap((d) => npmCommands(text(d)).map((c) => ({ ...c, doc: d })));
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.filter((c) => !(c.script in SCRIPTS)).map((c) => `${c.doc}: ${c.as}`)).toEqual([]);
    const scripts = [...new Set(commands.map((c) => c.script))];
    // A few at a time: the machine may be shared.
    const runs = [];
    for (let i = 0; i < scripts.length; i += 4) {
      runs.push(...await Promise.all(scripts.slice(i, i + 4).map(async (s) => ({ s, ...(await runScript(s, ['--help'])) }))));
    }
    for (const r of runs) {
      expect(r.code, `npm run ${r.s} -- --help:\n${r.out}`).toBe(0);
      expect(r.out.trim(), `npm run ${r.s} -- --help prints its usage`).not.toBe('');
    }
    // Some twenty npm processes: 18 s beside another test file at load 11, over a minute once with
    // more running. The limit bounds a hang; it measures nothing.
  }, 180_000);

  it('name test files that exist in their npx vitest commands', () => {
    const files = DOCS.flatMap((d) => codeOf(text(d)).flatMap((line) => [...line.matchAll(/\bnpx vitest run (\S+\.test\.\w+)/g)].map((m) => m[1])));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  });

  it('give the benchmark CLI arguments it accepts, as written', () => {
    const bench = DOCS.flatMap((d) => npmCommands(text(d)).filter((c) => c.script === 'bench').map((c) => ({ ...c, doc: d })));
    expect(bench.length).toBeGreaterThan(3);
    for (const c of bench) {
      // A placeholder stands for any suite; options shown in brackets are alternatives.
      const args = c.args.map((a) => (a === '<suite>' ? 'heap-cancel' : a)).filter((a) => !/^[[\]|]/.test(a) && a !== '--help' && a !== 'FILE');
      if (!args.length) continue;
      expect(() => parseBenchArgs(args), `${c.doc}: ${c.as}`).not.toThrow();
    }
  });
});

describe('docs/embedding.md', () => {
  it('holds the script grammar the families\' schemas state now (else: npm run docs)', async () => {
    const now = text('docs/embedding.md');
    expect(now).toBe(withGenerated(now, renderGrammar(await loadSchemas())));
    expect(EMBEDDING).toBe(join(ROOT, 'docs', 'embedding.md'));
  });

  it('quotes the heights embed-heights.json holds now, and no other (else: npm run measure:embeds)', () => {
    const now = text('docs/embedding.md');
    const data = oembedData({ version: JSON.parse(text('package.json')).version, base: '/', pinBase: '' });
    expect(now).toBe(withHeights(now, data, HEIGHTS));
    // Outside the generated parts no measured height is typed (the benchmark's 4,781 px was a stale one).
    const prose = now.replace(/<!-- BEGIN generated[\s\S]*?<!-- END generated[^>]*-->/g, '');
    const measured = new Set(Object.values(HEIGHTS.heights).flatMap((h) => Object.values(h)).map((n) => n.toLocaleString('en-US')));
    expect([...prose.matchAll(/\b([\d,]+) px\b/g)].map((m) => m[1]).filter((n) => measured.has(n))).toEqual([]);
  });

  it('shows the featured example’s element as the share dialog writes it, attribute for attribute', () => {
    const example = EMBED_EXAMPLES.find((e) => e.featured);
    if (!example) throw new Error('no featured example');
    const { variant, ops, step, ...settings } = example.params;
    const link = familyLink({ name: example.name }, variant, ops, step, withParts(settings, FIGURE_ONLY), 'https://your.host');
    const block = /<hotpath-widget [\s\S]*?<\/hotpath-widget>/.exec(text('docs/embedding.md'))?.[0] ?? '';
    const height = Number(/ height="(\d+)"/.exec(block)?.[1]);
    expect(height).toBeGreaterThan(0);
    const dialog = elementSnippet({ url: pinnedUrl(link.href), title: example.title, height }).split('\n')[1];
    expect(block.replace(/\n\s+/g, ' ')).toBe(dialog);
  });

  it('lists every embed route with the parameters the catalog states (npm run docs writes the table)', () => {
    const now = text('docs/embedding.md');
    expect(now).toBe(withGenerated(now, renderRoutes(EMBED_EXAMPLES), ROUTES_BEGIN, ROUTES_END));
    const rows = [...now.matchAll(/^\| `\/embed\/([a-z-]+)` \| `(.*)` \|$/gm)].map((m) => m[1]);
    expect(rows).toEqual(EMBED_EXAMPLES.map((e) => e.name));
  });
});
