// /embed/<name>: one widget and its controls, no site chrome, for an iframe in someone's docs.
import { useParams, useSearchParams } from 'react-router';
import { EMBED_NAMES, type EmbedName } from '../embed/names';
import { WasmWidget } from '../wasm/WasmWidget';
import { HeapLayout } from '../widgets/HeapLayout';

function isEmbedName(name: string): name is EmbedName {
  return (EMBED_NAMES as readonly string[]).includes(name);
}

export function EmbedPage() {
  const { name = '' } = useParams();
  const [params] = useSearchParams();
  if (!isEmbedName(name)) {
    return (
      <main className="embed" role="alert">
        <p>
          There is no embeddable widget called “{name}”. Available: {EMBED_NAMES.join(', ')}.
        </p>
      </main>
    );
  }
  return (
    <main className="embed">
      <WasmWidget name="Heap layout">
        <HeapLayout initial={params.get('deadlines') ?? ''} />
      </WasmWidget>
    </main>
  );
}
