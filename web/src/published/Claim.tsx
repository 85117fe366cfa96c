// <Claim id="…" says="…" />: a comparison in a lesson's sentence, rendered from the run it cites.
// Each lesson binds the component to its own claims (lessons/<slug>/claims.ts) and imports it at
// the top of its MDX. The words are the data's; if the data gives another outcome than the one
// the sentence assumes (`says`), the component shows the mismatch in place, and claims.test.ts
// fails the build.
import { useEffect, useState } from 'react';
import { evaluate, saysWhat, type ClaimData, type ClaimSpec } from './claims';
import { committedData } from './runs';
import { lessonFigures } from './figures';
import { loadWasm, wasmReady } from '../wasm/loader';

/** The lesson's claims and the data they read: the committed runs, its published figures, the counters. */
export function lessonClaimData(slug: string): ClaimData {
  return { ...committedData(), published: lessonFigures(slug) };
}

/** Whether the wasm module has loaded, re-rendering once it has (claims that count work need it). */
function useWasm(needed: boolean): boolean {
  const [ready, setReady] = useState(() => wasmReady());
  useEffect(() => {
    if (!needed || ready) return;
    let live = true;
    loadWasm().then(() => live && setReady(true), () => {});
    return () => {
      live = false;
    };
  }, [needed, ready]);
  return ready;
}

/**
 * A claim's words, with what they were computed from (the ratio and its interval) a hover away,
 * or a tap or a key press on a phone or keyboard, where there is no hover: then it shows inline.
 */
function ClaimText({ text, detail }: { text: string; detail: string }) {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen((o) => !o);
  return (
    <>
      <span className="claim" title={detail} role="button" tabIndex={0} aria-expanded={open} onClick={toggle}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          toggle();
        }}>{text}</span>
      {open && <span className="claim-detail"> ({detail})</span>}
    </>
  );
}

/** The `<Claim>` component of one lesson. */
export function claimComponent(slug: string, claims: Record<string, ClaimSpec>) {
  return function Claim({ id, says, at }: { id: string; says: string; at?: string }) {
    const spec = Object.hasOwn(claims, id) ? claims[id] : undefined;
    // What counts work needs the wasm: a ratio of counts, and any computed value (its function may
    // count; in Firefox the module can still be loading when the prose renders).
    const counts = (spec?.kind === 'ratio' && spec.source.from === 'count') || spec?.kind === 'value';
    const ready = useWasm(counts);
    if (!spec) return <span className="widget-error" role="alert">[no claim “{id}” in lessons/{slug}/claims.ts]</span>;
    if (counts && !ready) return <span className="claim pending">…</span>;
    try {
      const e = evaluate(id, spec, lessonClaimData(slug), at);
      if (!saysWhat(e, says)) {
        return <span className="widget-error" role="alert">[claim “{id}” says “{says}”, but its data says “{says.includes(',') ? e.pattern : e.outcome}”: {e.detail}]</span>;
      }
      return <ClaimText text={e.text} detail={e.detail} />;
    } catch (err) {
      return <span className="widget-error" role="alert">[claim “{id}”: {(err as Error).message}]</span>;
    }
  };
}
