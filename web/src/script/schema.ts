// What a structure family states about itself, read once from wasm: its script grammar, limits,
// variants (with their pseudocode), event kinds and frame fields. The web builds its parser,
// help text, counters and frame readers from this, so they cannot drift from the Rust code.
import { callWasm } from '../wasm/loader';

export interface ArgSpec {
  what: string;
  min: number;
  max: number;
}

export interface OpSpec {
  name: string;
  args: ArgSpec[];
  example: string;
}

export interface KindSpec {
  name: string;
  /** The counter's label, or null for events that are not counted work. */
  counter: string | null;
}

export interface FieldSpec {
  name: string;
  offset: number;
  len: number;
}

export interface VariantSpec {
  name: string;
  title: string;
  pseudocode: string[];
  /** The event kinds its counters show, by name, in order. */
  counters: string[];
}

/** A number the frame stores, by name: a thread's state, the field a step touched, a fault. */
export interface CodeSpec {
  name: string;
  value: number;
  /** What to show for it, where that is not its name (an exception as Java printed it). */
  text: string | null;
}

export interface SettingSpec {
  name: string;
  what: string;
  default: string;
}

export interface FamilySchema {
  family: string;
  /** The family's older name for the `variant=` link parameter (`heap=jdk`), still read. */
  oldVariantParam: string;
  ops: OpSpec[];
  /** Whether commands may name the thread they run on (`P1: offer 5`). */
  threads: boolean;
  /** What a script takes besides its commands (a capacity, a schedule). */
  settings: SettingSpec[];
  limits: Record<string, number>;
  variants: VariantSpec[];
  kinds: KindSpec[];
  fields: FieldSpec[];
  /** Named codes the frame stores, by set: `codes.focus` lists the `focus_field` values. */
  codes: Record<string, CodeSpec[]>;
}

const cache = new Map<string, FamilySchema>();

/** The family's schema (the module must be loaded; widgets run inside a WasmWidget). */
export function familySchema(family: string): FamilySchema {
  let s = cache.get(family);
  if (!s) {
    s = JSON.parse(callWasm((w) => w.family_schema(family))) as FamilySchema;
    cache.set(family, s);
  }
  return s;
}

export function variantSpec(schema: FamilySchema, variant: string): VariantSpec {
  const v = schema.variants.find((x) => x.name === variant);
  if (!v) throw new Error(`${schema.family} has no variant "${variant}"`);
  return v;
}

/** The same name in lower case, as a view names its states (`'running'`). */
export function lowerNameOf<C extends Record<string, number>>(set: C, value: number): Lowercase<keyof C & string> | undefined {
  return nameOf(set, value)?.toLowerCase() as Lowercase<keyof C & string> | undefined;
}

/** The name of the code with this value in one of a family's generated sets (`nameOf(CODES.state, 1)` is 'RUNNING'), if any: a frame's −1 has none. */
export function nameOf<C extends Record<string, number>>(set: C, value: number): (keyof C & string) | undefined {
  return Object.keys(set).find((k) => set[k] === value);
}
