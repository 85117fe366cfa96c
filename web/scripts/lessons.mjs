// Lessons are MDX files in lessons/; their front matter is the catalogue the home page lists.
// `virtual:lessons` exposes that catalogue without loading any lesson's body.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const LESSONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'lessons');
export const LEVELS = ['introductory', 'intermediate', 'advanced'];

const FIELDS = {
  title: 'a string',
  summary: 'a one-line string',
  source: 'a string naming the document the lesson reproduces',
  level: `one of ${LEVELS.join(', ')}`,
  minutes: 'a positive whole number (the minutes of the lesson in class: its time plan adds up to it)',
  prereading: 'a positive whole number (the minutes of reading and doing it assigns before class)',
  order: 'a number (position on the home page)',
};

function check(field, value) {
  switch (field) {
    case 'level':
      return LEVELS.includes(value);
    case 'minutes':
    case 'prereading':
      return Number.isInteger(value) && value > 0;
    case 'order':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === 'string' && value.trim() !== '' && !value.includes('\n');
  }
}

/**
 * Parses one lesson's front matter; throws an error naming the file and the field at fault.
 * @returns {{ slug: string } & Record<string, any>}
 */
export function parseLesson(file, text) {
  const slug = basename(file, '.mdx');
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
    throw new Error(`${file}: the file name must be a slug (lowercase words joined by hyphens).`);
  }
  const m = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n/);
  if (!m) throw new Error(`${file}:1: a lesson starts with front matter between two "---" lines.`);
  let data;
  try {
    data = parse(m[1]);
  } catch (e) {
    const line = e.linePos?.[0]?.line;
    throw new Error(`${file}:${line ? line + 1 : 2}: front matter is not valid YAML: ${e.message.split('\n')[0]}`);
  }
  if (data === null || typeof data !== 'object') throw new Error(`${file}:2: front matter must be a mapping.`);
  for (const [field, expected] of Object.entries(FIELDS)) {
    if (!check(field, data[field])) {
      const lines = m[1].split(/\r?\n/);
      const at = lines.findIndex((l) => l.startsWith(`${field}:`));
      const where = at >= 0 ? at + 2 : 2;
      throw new Error(`${file}:${where}: front matter field "${field}" must be ${expected}` +
        (data[field] === undefined ? ' (it is missing).' : `, not ${JSON.stringify(data[field])}.`));
    }
  }
  return { slug, ...Object.fromEntries(Object.keys(FIELDS).map((f) => [f, data[f]])) };
}

export function readLessons(dir = LESSONS_DIR) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => parseLesson(join('lessons', f), readFileSync(join(dir, f), 'utf8')))
    .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

const ID = 'virtual:lessons';
const RESOLVED = '\0' + ID;

export function lessonsPlugin() {
  return {
    name: 'hotpath:lessons',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      for (const f of readdirSync(LESSONS_DIR)) this.addWatchFile(join(LESSONS_DIR, f));
      return `export default ${JSON.stringify(readLessons())};`;
    },
    configureServer(server) {
      server.watcher.add(LESSONS_DIR);
      const refresh = (file) => {
        if (!file.startsWith(LESSONS_DIR)) return;
        const mod = server.moduleGraph.getModuleById(RESOLVED);
        if (mod) server.moduleGraph.invalidateModule(mod);
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', refresh);
      server.watcher.on('unlink', refresh);
    },
  };
}
