// The widgets lessons can use by name in MDX (no import needed), each in its crash-safe frame.
import type { ComponentProps } from 'react';
import { WasmWidget } from '../wasm/WasmWidget';
import { HeapLayout } from './HeapLayout';
import { HeapPlayer } from '../heaps/HeapPlayer';
import { RaceView } from '../heaps/RaceView';
import { CostCurves } from '../heaps/CostCurves';
import { BenchmarkPanel } from '../bench/BenchmarkPanel';
import { Exercises } from '../exercises/Exercises';

export const lessonWidgets = {
  HeapLayout: (props: ComponentProps<typeof HeapLayout>) => (
    <WasmWidget name="Heap layout"><HeapLayout {...props} /></WasmWidget>
  ),
  HeapPlayer: (props: ComponentProps<typeof HeapPlayer>) => (
    <WasmWidget name="Heap player"><HeapPlayer {...props} /></WasmWidget>
  ),
  RaceView: (props: ComponentProps<typeof RaceView>) => (
    <WasmWidget name="Race view"><RaceView {...props} /></WasmWidget>
  ),
  CostCurves: (props: ComponentProps<typeof CostCurves>) => (
    <WasmWidget name="Cost curves"><CostCurves {...props} /></WasmWidget>
  ),
  Exercises: (props: ComponentProps<typeof Exercises>) => (
    <WasmWidget name="Exercises"><Exercises {...props} /></WasmWidget>
  ),
  BenchmarkPanel: (props: ComponentProps<typeof BenchmarkPanel>) => (
    <WasmWidget name="Benchmark"><BenchmarkPanel {...props} /></WasmWidget>
  ),
};
