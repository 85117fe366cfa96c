// A family's script settings (a queue's capacity, a schedule): kept as drafts like the script,
// sent to Rust as they are (Rust validates them), with an error shown at the box it is about.
import { useCallback, useId } from 'react';
import { useDraft } from '../wasm/drafts';
import type { FamilyModule } from '../registry/family';
import type { ScriptError } from '../script/parse';
import { SettledStatus } from '../ui/settled';

export type Settings = Readonly<Record<string, string>>;

/** Only the settings given (an empty box means the default), in the module's order. */
export function givenSettings(module: Pick<FamilyModule, 'settings'>, values: Settings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of module.settings ?? []) {
    const v = values[f.name]?.trim();
    if (v) out[f.name] = v;
  }
  return out;
}

/** The settings' current values, starting from `initial` (the embed link's). */
export function useSettings(module: Pick<FamilyModule, 'settings'>, initial: Settings): [Settings, (name: string, v: string) => Settings] {
  // One draft holds them all, so a crash-and-restart keeps what was typed.
  const [json, setJson] = useDraft('settings', JSON.stringify(givenSettings(module, initial)));
  const values = JSON.parse(json) as Record<string, string>;
  const set = useCallback((name: string, v: string) => {
    const next = { ...(JSON.parse(json) as Record<string, string>), [name]: v };
    setJson(JSON.stringify(next));
    return next;
  }, [json, setJson]);
  return [values, set];
}

export function SettingsFields({ module, values, defaults, onChange, error }: {
  module: Pick<FamilyModule, 'settings'>; values: Settings; defaults: Settings;
  onChange: (name: string, v: string) => void; error: ScriptError | null;
}) {
  const id = useId();
  if (!module.settings?.length) return null;
  return (
    <div className="script-settings">
      {module.settings.map((f) => {
        const bad = error?.setting === f.name;
        const shown = values[f.name]?.trim() || defaults[f.name];
        return (
          <div key={f.name} className="setting">
            <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
            {f.choices ? (
              // A choice, not a box: it cannot be given a value Rust refuses (a link's stray value
              // stays listed, refused at its place, until another is chosen).
              <select id={`${id}-${f.name}`} value={shown} aria-invalid={bad} aria-describedby={`${id}-${f.name}-status`}
                onChange={(e) => onChange(f.name, e.target.value)}>
                {[...f.choices, ...(f.choices.includes(shown) ? [] : [shown])].map((c) => <option key={c} value={c}>{c}</option>)}
              </select>
            ) : (
              <input id={`${id}-${f.name}`} className="mono" value={values[f.name] ?? ''} placeholder={defaults[f.name]}
                spellCheck={false} aria-invalid={bad} aria-describedby={`${id}-${f.name}-status`}
                onChange={(e) => onChange(f.name, e.target.value)} />
            )}
            <div id={`${id}-${f.name}-status`} className={bad ? 'input-error' : 'hint'}>
              {bad ? `${error.message}.` : f.hint}
            </div>
            <SettledStatus said={bad ? `${f.label}: ${error.message}.` : ''} left={false} />
          </div>
        );
      })}
    </div>
  );
}
