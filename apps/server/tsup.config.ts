import { defineConfig } from 'tsup';

// One ESM bundle with the contract package inlined; npm dependencies stay in node_modules.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@depot/contract'],
});
