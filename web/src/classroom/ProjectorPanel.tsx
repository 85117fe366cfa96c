// The projector's link, on the teacher's page. It carries a key of its own, which the server lets
// read the class's board (names, verdicts, scores) and nothing else: on a classroom's PC, the
// link's address edited opens no teacher page. The teacher makes it (a new one ends the one
// before) and revokes it; the server keeps only its hash, so this tab keeps the key it made.
import { useState } from 'react';
import type { ProjectorKey } from './api';
import { ApiFailure, api, keepProjectorKey, projectorKey, projectorLink } from './client';
import { LinkToKeep } from './LinkToKeep';

export function ProjectorPanel({ classId, token, out }: { classId: string; token: string; out: boolean }) {
  const [held, setHeld] = useState(() => projectorKey(classId, ''));
  const [said, setSaid] = useState<string | null>(null);
  const path = `classes/${encodeURIComponent(classId)}/projector`;
  // A key this tab made that the class no longer has out was revoked elsewhere (another tab).
  const key = out ? held : undefined;

  const make = async () => {
    setSaid(null);
    try {
      const { projectorToken } = await api<ProjectorKey>(path, { method: 'POST', token });
      keepProjectorKey(classId, projectorToken);
      setHeld(projectorToken);
      setSaid(out ? 'A new projector link: the one before no longer opens the board.' : null);
    } catch (e) {
      setSaid((e as ApiFailure).message);
    }
  };
  const revoke = async () => {
    setSaid(null);
    try {
      await api(path, { method: 'DELETE', token });
      keepProjectorKey(classId, null);
      setHeld(undefined);
      setSaid('Revoked: the projector link no longer opens the board, and a projector showing it stops.');
    } catch (e) {
      setSaid((e as ApiFailure).message);
    }
  };

  return (
    <details className="projector-panel no-print" aria-label="projector link" open>
      <summary>Projector: a link for the classroom’s screen, with a key of its own</summary>
      <p className="hint">
        For the classroom’s screen: names, a verdict per question, solved counts and scores, live; no seeds, no answers. Its
        link has a key of its own that opens that view and nothing else, so a classroom PC that shows it cannot reach this page.
      </p>
      {key ? (
        <>
          <p><a href={projectorLink(classId, key)} target="_blank" rel="noreferrer">Open the projector view</a>, or copy its link to the classroom’s PC:</p>
          <LinkToKeep label="the projector link" href={projectorLink(classId, key)} />
        </>
      ) : out ? (
        <p>A projector link made earlier (in another tab or browser) is out. Revoke it, or make a new one (the old one then stops).</p>
      ) : null}
      <div className="button-row">
        <button type="button" onClick={make}>{out ? 'Make a new projector link' : 'Make a projector link'}</button>
        {out && <button type="button" onClick={revoke}>Revoke the projector link</button>}
      </div>
      {said && <p role="status">{said}</p>}
    </details>
  );
}
