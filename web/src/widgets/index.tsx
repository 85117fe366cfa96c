// The widgets lessons can use by name in MDX (no import needed), each in its crash-safe frame.
import type { ComponentProps } from 'react';
import { WasmWidget } from '../wasm/WasmWidget';
import { HeapLayout } from './HeapLayout';

export const lessonWidgets = {
  HeapLayout: (props: ComponentProps<typeof HeapLayout>) => (
    <WasmWidget name="Heap layout"><HeapLayout {...props} /></WasmWidget>
  ),
};
