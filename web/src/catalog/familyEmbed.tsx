// /embed/<family>: a family's player or race view, from `variant=…&show=…&ops=…&step=…`.
import type { EmbedWidget } from '../registry/embeds';
import type { FamilyModule } from '../registry/family';
import { WasmWidget } from '../wasm/WasmWidget';
import { ScriptPlayer } from '../player/ScriptPlayer';
import { RACE, RaceView } from '../player/RaceView';
import { parseFamilyEmbed } from '../embed/params';
import { VARIANT_PARAM } from '../embed/link';
import { withParts } from '../embed/parts';

export function familyEmbed(module: FamilyModule): EmbedWidget {
  return {
    name: module.name,
    render(params, sync) {
      const p = parseFamilyEmbed(module, params);
      if (!p.ok) return { problem: p.message };
      const onChange = (ops: string, step: number, settings: Record<string, string>) =>
        sync({ [VARIANT_PARAM]: p.view, ...withParts(settings, p.parts), ops, step: String(step) });
      return (
        <WasmWidget name={p.view === RACE ? 'Race view' : 'Player'}>
          {p.view === RACE
            ? <RaceView module={module} ops={p.ops} step={p.step} settings={p.settings} parts={p.parts} onChange={onChange} />
            : <ScriptPlayer module={module} variant={p.view} ops={p.ops} step={p.step} settings={p.settings} parts={p.parts} onChange={onChange} />}
        </WasmWidget>
      );
    },
  };
}
