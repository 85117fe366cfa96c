// The widgets reachable at /embed/<name>, registered by the catalog. Each reads its state from
// the link's parameters and can write it back, so any view can be shared exactly as it is.
import type { ReactNode } from 'react';
import { lookup } from '../util/lookup';

/** Writes the widget's state back into the address bar (replacing, not pushing). */
export type SyncUrl = (params: Record<string, string>) => void;

export interface EmbedWidget {
  name: string;
  /** The widget for these parameters, or why they are malformed. */
  render(params: URLSearchParams, sync: SyncUrl): ReactNode | { problem: string };
}

const embeds: Record<string, EmbedWidget> = Object.create(null);

export function registerEmbed(e: EmbedWidget): void {
  embeds[e.name] = e;
}

export function embedWidget(name: string): EmbedWidget | undefined {
  return lookup(embeds, name);
}

export function embedNames(): string[] {
  return Object.keys(embeds);
}

/** An embed route's example: what the "Embed this lab" page shows for it (the catalog registers them). */
export interface EmbedExample {
  name: string;
  title: string;
  params: Record<string, string>;
  /** Its parameters, in words. */
  about: string;
  /** Its height in pixels at 860 px wide. */
  height: number;
  /** The one the "Embed this lab" page walks through (and its screenshot shows). */
  featured?: boolean;
}

let examples: readonly EmbedExample[] = [];

export function registerEmbedExamples(list: readonly EmbedExample[]): void {
  examples = list;
}

export function embedExamples(): readonly EmbedExample[] {
  return examples;
}
