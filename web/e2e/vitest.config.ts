import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // Typing key by key into every box, or a benchmark in Workers, takes a minute or more when
    // the machine is shared; a hung test still fails, after three.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // One Chromium per file is plenty for two cores.
    fileParallelism: false,
  },
});
