import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER_URL = 'http://localhost:3000';
const SERVER_PATHS = ['/api/', '/auth/', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react(), precompress()],
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
              test: /\/node_modules\/(chart\.js|@kurkle\/color)\//,
            },
          ],
        },
      },
    },
  },
});

/**
 * Writes a .br and a .gz beside every built text file once, at the highest levels, so the server
 * sends them (@fastify/static `preCompressed`) without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'depot-precompress',
    apply: 'build',
    closeBundle() {
      const dist = fileURLToPath(new URL('./dist', import.meta.url));
      const files = readdirSync(dist, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => /\.(js|css|html|svg)$/.test(name))) {
        const path = join(dist, file);
        const content = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
