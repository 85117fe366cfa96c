/// <reference types="vite/client" />
/// <reference types="mdx" />

declare module 'virtual:lessons' {
  import type { LessonMeta } from './lessons';
  const lessons: LessonMeta[];
  export default lessons;
}

declare module 'virtual:kernel-digests' {
  /** Each suite's kernel digest as the sources stood when the site was built (web/scripts/kernel-digest.mjs). */
  const digests: Record<string, string>;
  export default digests;
}

/** package.json's version, which snippets carry as `v` (vite.config.ts). */
declare const __LAB_VERSION__: string;
/** Where this release's own copy of the site is kept, if the host keeps one (HOTPATH_PIN_BASE): snippets point there. */
declare const __PIN_BASE__: string;
/** How much taller each engine's view heights came out than the other's (routes.ts engineMargins): the iframe snippet adds it. */
declare const __ENGINE_MARGINS__: import('./embed/engines').EngineMargins;
