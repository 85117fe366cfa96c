// Calls to the class server from the site's pages, and what this browser keeps of its classes:
// a student's key per class joined, a teacher's per class created here. Keys are secrets: a
// teacher's travels only in the fragment of the teacher link (never sent in a request line) and
// in an Authorization header.
import { API } from '../site/serverMode';
import { readItem, writeItem, type StorageState } from '../util/storage';

export class ApiFailure extends Error {
  /** `retryAfter`: the seconds the server's Retry-After asked for, if it sent one. */
  constructor(message: string, readonly status: number, readonly retryAfter?: number) {
    super(message);
  }
}

/** One API call; a refusal becomes an ApiFailure carrying the server's sentence. */
export async function api<T>(path: string, init: { method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; token?: string; signal?: AbortSignal } = {}): Promise<T> {
  let r: Response;
  try {
    r = await fetch(`${API}${path}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiFailure('The class server could not be reached: check the connection and try again.', 0);
  }
  const body = await r.json().catch(() => null) as (T & { error?: string }) | null;
  if (!r.ok || body === null) {
    const after = Number(r.headers.get('retry-after'));
    throw new ApiFailure(body?.error ?? `The class server answered ${r.status}.`, r.status, Number.isFinite(after) && after > 0 ? after : undefined);
  }
  return body;
}

/**
 * Whether a request that failed may be sent again as it was: the server was not reached, said it
 * stored nothing and to try again (5xx: its database away, say), or asked for time (429). A
 * refusal (the answer past the limit, a removed student, a bad key) is final.
 */
export const worthResending = (e: unknown) => e instanceof ApiFailure && (e.status === 0 || e.status === 429 || e.status >= 500);

/** How long to wait before the `attempt`th resend: the server's Retry-After, else 1, 2, 4 … 30 s, each ±25 % (so a class resends spread out). */
export function resendDelay(attempt: number, e: ApiFailure, random = Math.random): number {
  if (e.retryAfter) return Math.min(e.retryAfter, 60) * 1000;
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt - 1, 5)) * (0.75 + 0.5 * random());
}

const pause = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve, reject) => {
  const stop = () => {
    clearTimeout(t);
    reject(new DOMException('aborted', 'AbortError'));
  };
  const t = setTimeout(resolve, ms);
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
});

/**
 * `call` until it is answered or refused: each failure worth resending (see above) waits its
 * delay and sends the same request again (a check carries its request id, so one stored twice is
 * counted once). `waiting` is told of each wait. Ends with the answer, the refusal, or an
 * AbortError when `signal` aborts (the page was left).
 */
export async function untilAnswered<T>(call: () => Promise<T>, o: { signal?: AbortSignal; waiting?: (e: ApiFailure, ms: number, attempt: number) => void; sleep?: typeof pause } = {}): Promise<T> {
  const sleep = o.sleep ?? pause;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (e) {
      if (!worthResending(e)) throw e;
      const ms = resendDelay(attempt, e as ApiFailure);
      o.waiting?.(e as ApiFailure, ms, attempt);
      await sleep(ms, o.signal);
    }
  }
}

/** A fresh id for one check: a retry of the same check carries the same id and is stored once. */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const STUDENT = (classId: string) => `hotpath-class:${classId}`;
const TEACHING = 'hotpath-teaching';

export interface Membership {
  token: string;
  name: string;
}

/**
 * Keys this browser would not store (its site data blocked, or full): the tab keeps them while
 * it is open, so a student who joined goes on answering; the join page hands them a link to come
 * back with, since nothing else will remember them.
 */
const heldByTab = new Map<string, Membership>();

export function membership(classId: string): Membership | null {
  const held = heldByTab.get(classId);
  if (held) return held;
  try {
    const m = JSON.parse(readItem(STUDENT(classId)) ?? 'null') as Membership | null;
    return m && typeof m.token === 'string' && typeof m.name === 'string' ? m : null;
  } catch {
    return null;
  }
}

/** Keeps a student's key for the class; says whether the browser took it (else this tab holds it). */
export function remember(classId: string, m: Membership): StorageState {
  const state = writeItem(STUDENT(classId), JSON.stringify(m));
  if (state === 'ok') heldByTab.delete(classId);
  else heldByTab.set(classId, m);
  return state;
}

export interface Teaching {
  id: string;
  name: string;
  token: string;
}

/** The classes created in this browser, newest first. */
export function teaching(): Teaching[] {
  try {
    const list = JSON.parse(readItem(TEACHING) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((t): t is Teaching => !!t && typeof t.id === 'string' && typeof t.token === 'string' && typeof t.name === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds a class to the ones created here; says whether the browser took it. */
export function rememberTeaching(t: Teaching): StorageState {
  return writeItem(TEACHING, JSON.stringify([t, ...teaching().filter((x) => x.id !== t.id)].slice(0, 50)));
}

/** Which key a tab holds for a class: the teacher's (the whole class) or the projector's (the board only). */
type KeyKind = 'teach' | 'projector';

const SESSION_KEY = (kind: KeyKind, classId: string) => `hotpath-${kind}:${classId}`;

/** Keys read from a link in this page's life: kept here too, for a browser whose storage is blocked. */
const keysInMemory = new Map<string, string>();

/**
 * A key for a class from the link's fragment (then kept for this tab only, in session storage and
 * in memory, and the fragment always taken out of the address bar, which a projector shows), or
 * kept earlier in this tab. Teacher keys and projector keys are kept apart: a tab that opened a
 * projector link holds no teacher key, whatever is done to its address.
 */
function linkKey(kind: KeyKind, classId: string, hash: string): string | undefined {
  const fromLink = /(?:^#|&)key=([A-Za-z0-9_-]+)/.exec(hash)?.[1];
  const slot = SESSION_KEY(kind, classId);
  if (fromLink) {
    keysInMemory.set(slot, fromLink);
    // First, whatever storage does: a key left in the address bar is shown to the whole room.
    history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}`);
    try {
      sessionStorage.setItem(slot, fromLink);
    } catch {
      // Storage blocked or full: the key lives in this page's memory.
    }
    return fromLink;
  }
  const held = keysInMemory.get(slot);
  if (held) return held;
  try {
    return sessionStorage.getItem(slot) ?? undefined;
  } catch {
    // Storage blocked: nothing was kept there.
    return undefined;
  }
}

/** The teacher's key for a class: from the teacher link, kept earlier in this tab, or of a class created in this browser. */
export function teacherKey(classId: string, hash: string): string | undefined {
  return linkKey('teach', classId, hash) ?? teaching().find((t) => t.id === classId)?.token;
}

/** The projector key for a class: from the projector link, or kept earlier in this tab (never the teacher's key). */
export function projectorKey(classId: string, hash: string): string | undefined {
  return linkKey('projector', classId, hash);
}

/** Keeps a projector key the teacher's page just made, for this tab (the server keeps only its hash). */
export function keepProjectorKey(classId: string, key: string | null) {
  const slot = SESSION_KEY('projector', classId);
  if (key) keysInMemory.set(slot, key);
  else keysInMemory.delete(slot);
  try {
    if (key) sessionStorage.setItem(slot, key);
    else sessionStorage.removeItem(slot);
  } catch {
    // Storage blocked: the key lives in this page's memory.
  }
}

/** Absolute links to hand out. */
export const joinLink = (id: string) => `${window.location.origin}${import.meta.env.BASE_URL}class?join=${encodeURIComponent(id)}`;
export const teachLink = (id: string, token: string) =>
  `${window.location.origin}${import.meta.env.BASE_URL}class?teach=${encodeURIComponent(id)}#key=${token}`;
/** The projector's link: it carries the projector key, which opens the class's board and nothing else. */
export const projectorLink = (id: string, projectorToken: string) =>
  `${window.location.origin}${import.meta.env.BASE_URL}class?teach=${encodeURIComponent(id)}&view=projector#key=${projectorToken}`;
/** A student's join link with their roster code (in the fragment: it is never sent in a request line). */
export const codeLink = (id: string, code: string) => `${joinLink(id)}#code=${encodeURIComponent(code)}`;
/** A student's own way back to their row, from any browser: it carries their key (in the fragment, never sent in a request line). */
export const comeBackLink = (id: string, token: string) => `${joinLink(id)}#key=${token}`;
/** The key a come-back link carries, if `hash` is one's fragment. */
export const keyInFragment = (hash: string) => /(?:^#|&)key=([A-Za-z0-9._-]+)/.exec(hash)?.[1];

/**
 * Server-sent events over fetch (an EventSource cannot send the teacher's key in a header):
 * calls `onEvent` for each event, with its name and data, until aborted; resolves when the
 * stream ends.
 */
export async function followEvents(path: string, token: string, signal: AbortSignal, onEvent: (name: string, data: string) => void, onOpen: () => void): Promise<void> {
  const r = await fetch(`${API}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal });
  if (!r.ok || !r.body) {
    // The server says why in words (a wrong key, a full server); without them, the status.
    const said = await r.json().then((b: { error?: unknown }) => (typeof b.error === 'string' ? b.error : null), () => null);
    throw new ApiFailure(said ?? `The live feed was refused (${r.status}).`, r.status);
  }
  onOpen();
  const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
      if (name) onEvent(name, data);
    }
  }
}
