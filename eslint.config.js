// ESLint, for what TypeScript cannot check: the React hooks rules (hooks called unconditionally and
// in the same order, effects listing what they read). `npm test` runs it; an error fails the run.
// The plugin's React Compiler checks (refs read in render, setState in an effect) are not on: the
// lab does not use the compiler, and they would flag patterns the players rely on deliberately.
//
// Babel parses the TypeScript (types are stripped, not checked: tsc does that). typescript-eslint's
// parser needs the TypeScript 5–6 API, and the lab builds with TypeScript 7, which has none.
//
// The plain JavaScript that ships or runs the lab (web/scripts, web/server's .mjs, embed.js) has
// no compiler in front of it: ESLint's recommended rules check it (undefined names, unused
// variables, unreachable code), and tsconfig.scripts.json type-checks it from its JSDoc.
import babelParser from '@babel/eslint-parser';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default [
  { ignores: ['web/src/wasm/pkg/**', 'web/src/wasm/bench-pkg/**', 'web/src/wasm/threads-pkg/**', 'dist/**', '.cache/**', 'crates/**', 'jvm/**'] },
  {
    // Only the site's sources: the e2e helpers' `useBrowser` is a test fixture, not a React hook.
    files: ['web/src/**/*.{ts,tsx}', 'lessons/**/*.{ts,tsx}'],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: { babelrc: false, configFile: false, presets: ['@babel/preset-typescript'] },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // A missing dependency is a stale value on screen: an error here, not a warning.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['web/scripts/**/*.mjs', 'web/server/**/*.mjs'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // These hand functions to a browser page (Playwright's evaluate) besides running in Node.
    files: ['web/scripts/measure-*.mjs', 'web/scripts/bench-browser.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // The embed script runs on other people's pages, as a classic script.
    files: ['web/public/*.js'],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: 'script', globals: { ...globals.browser } },
  },
];
