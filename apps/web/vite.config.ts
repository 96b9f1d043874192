import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER_URL = 'http://localhost:3000';
const SERVER_PATHS = ['/api/', '/auth/', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: SERVER_URL }])),
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks and styles each route loads, read by `npm run bench:web`.
    manifest: true,
    // The CSP allows no data: URIs, so every asset stays a file.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The contract only declares constants and schemas; without this, importing PATHS would pull
      // all of zod into the landing page's entry chunk.
      treeshake: { moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }] },
      output: {
        // SPEC §9: every chunk is served from the site root under static/js.
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/assets/[name]-[hash][extname]',
        // Chart.js in a chunk of its own, named, so the budget check can see that only analytics loads it.
        codeSplitting: {
          groups: [
            {
              name: 'chart',
              includeDependenciesRecursively: false,
              test: /\/node_modules\/(chart\.js|react-chartjs-2|@kurkle\/color)\//,
            },
          ],
        },
      },
    },
  },
});
