// What a structure family registers so the generic parts (player, race view, counters, script
// editor, count-only view, embed route) can serve it. Nothing here imports a family: the
// catalog (web/src/catalog/index.tsx) finds each family's folder and registers what it exports.
import type { ComponentType, ReactNode } from 'react';
import type { EmbedWidget } from './embeds';
import type { Frame } from '../script/frame';
import type { Trace } from '../script/trace';
import type { FamilySchema } from '../script/schema';
import { lookup } from '../util/lookup';
import type { WorkKind } from './work';

export interface ViewProps {
  frame: Frame;
  trace: Trace;
  /** Milliseconds a move takes to animate (shorter when playing fast). */
  moveMs: number;
  /** Drawn as one lane of a race (beside the other variants). */
  inRace?: boolean;
}

/** A script setting the player shows beside the script (the schema names and documents it). */
export interface SettingField<N extends string = string> {
  /** As in the schema and the embed route: `capacity` (a family's own list names its schema's: `SettingField<Setting>`). */
  name: N;
  /** The input's accessible name: "Capacity". */
  label: string;
  /** What the box holds, in a few words, shown under it. */
  hint: string;
  /** The only values it takes, offered as a choice rather than typed (on or off). */
  choices?: readonly string[];
}

/**
 * What disagrees, in words, between a family's drawing or tables and the frame they are read
 * from after `k` steps (nothing: all agree). Each family's is its folder's `agreement.ts`, run by
 * web/src/catalog/agreement.test.ts over random scripts.
 */
export type AgreementCheck = (f: Frame, t: Trace, k: number) => string[];

export interface FamilyModule {
  /** As in Rust (`families.rs`) and in the embed route: /embed/<name>. */
  name: string;
  /**
   * The family's older name for the `variant=` link parameter (`heap=jdk|indexed|race`), still
   * read ('' for a family made after `variant=`), and the variants as the schema names them, in the order the race shows them: needed
   * before the wasm loads (to read a link), so stated here too: a family takes both from its
   * schema.gen.ts (OLD_VARIANT_PARAM, VARIANTS), which catalog/schemaGen.test.ts holds to the schema.
   */
  oldVariantParam: string;
  variants: string[];
  defaultVariant: string;
  /** What its entities are called, singular and plural: "timer", "timers". */
  noun: [string, string];
  /** The race view's heading. */
  raceTitle: string;
  /** Lanes one under the other (wide drawings) rather than side by side. */
  stackedRace?: boolean;
  /** The variants the race runs, if not all of them. */
  raceVariants?: string[];
  /** Settings besides the script (also embed parameters), in the order shown. */
  settings?: SettingField[];
  /** Draws one frame. */
  View: ComponentType<ViewProps>;
  /**
   * The counters its "work" adds up, declared once (its folder's work.ts): one number to compare
   * variants by, shown as the counters table's work row and said in the race's narration.
   */
  work: readonly WorkKind[];
  /** The script grammar and limits, in the editor's help. */
  Help: ComponentType<{ schema: FamilySchema }>;
  /** The drawing limits in words, for a script that is counted instead: "127 timers and 2,000 operations". */
  drawLimits(schema: FamilySchema): string;
}

/**
 * All a family's folder gives the site, exported by its family.tsx as `manifest` (its facts for
 * the build, its suites, thread sets and CLI commands are files of their own: family.json,
 * suites.ts, threadSet.ts, cli.ts, each loaded only where it is needed).
 */
export interface FamilyManifest {
  module: FamilyModule;
  /** Its lesson widgets by MDX name besides its player and race (`<CostCurves />`), each framed. */
  widgets?: Record<string, ComponentType<never>>;
  /** Its embed routes besides /embed/<family> (their examples are in its family.json, `widgets`). */
  embeds?: EmbedWidget[];
  /** The live widget on the home page, under the lesson list (one family gives it). */
  homeDemo?: () => ReactNode;
}

const families: Record<string, FamilyModule> = Object.create(null);

export function registerFamily(f: FamilyModule): FamilyModule {
  families[f.name] = f;
  return f;
}

export function familyModule(name: string): FamilyModule | undefined {
  return lookup(families, name);
}

export function familyNames(): string[] {
  return Object.keys(families);
}
