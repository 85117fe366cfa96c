// The widgets lessons can use by name in MDX (no import needed), each in its crash-safe frame.
import type { ComponentType } from 'react';
import { WasmWidget } from '../wasm/WasmWidget';
import { HeapLayout } from './HeapLayout';
import { HeapPlayer } from '../heaps/HeapPlayer';
import { RaceView } from '../heaps/RaceView';
import { CostCurves } from '../heaps/CostCurves';
import { BenchmarkPanel } from '../bench/BenchmarkPanel';
import { Exercises } from '../exercises/Exercises';

/** `Widget` inside a WasmWidget named `name`, so a crash names the widget that stopped. */
function framed<P extends object>(name: string, Widget: ComponentType<P>) {
  return (props: P) => <WasmWidget name={name}><Widget {...props} /></WasmWidget>;
}

export const lessonWidgets = {
  HeapLayout: framed('Heap layout', HeapLayout),
  HeapPlayer: framed('Heap player', HeapPlayer),
  RaceView: framed('Race view', RaceView),
  CostCurves: framed('Cost curves', CostCurves),
  Exercises: framed('Exercises', Exercises),
  BenchmarkPanel: framed('Benchmark', BenchmarkPanel),
};
