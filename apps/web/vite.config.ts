import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { criticalChunkName } from './critical-chunks.ts';
import { courierPwa } from './pwa-config.ts';

const SERVER_URL = 'http://localhost:3000';
const fromSrc = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const SERVER_PATHS = ['/api/', '/auth/', '/healthz', '/readyz'];

export default defineConfig({
  // The courier's installable app and its service worker (docs/decisions/029-offline-courier-changes.md).
  plugins: [react(), mantineStylesPerComponent(), mantineReactIds(), VitePWA(courierPwa), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: Object.fromEntries(SERVER_PATHS.map((path) => [path, { target: SERVER_URL }])),
  },
  // The analytics charts' worker (features/analytics/components/chart-worker.ts), one module file
  // under static/js like every other chunk.
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
      },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks and styles each route loads, read by `npm run
    // bench:web`.
    manifest: true,
    // The CSP allows no data: URIs, so every asset stays a file.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The contract only declares constants and schemas; without this, importing PATHS would pull
      // all of zod into the landing page's entry chunk.
      treeshake: { moduleSideEffects: [{ test: /\/packages\/contract\/src\//, sideEffects: false }] },
      output: {
        // docs/product/screens.md#code-loading: every chunk is served from the site root under
        // static/js.
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/assets/[name]-[hash][extname]',
        // Chart.js in a chunk of its own, named, so the budget check can see that only analytics
        // loads it.
        codeSplitting: {
          groups: [
            {
              name: 'chart',
              includeDependenciesRecursively: false,
              test: /\/node_modules\/(chart\.js|@kurkle\/color)\//,
            },
            // What the dashboard shell and the manager's Overview need beyond the entry, in one
            // chunk each rather than two dozen (critical-chunks.ts).
            {
              name: criticalChunkName(fromSrc('main.tsx'), [
                // First: the public tracking page takes only what it needs, not the dashboard's
                // and the Overview's chunks whole; the dashboard loads this one beside its own.
                { name: 'tracking-shared', module: fromSrc('features/tracking/pages/tracking-page.tsx') },
                { name: 'dashboard-shared', module: fromSrc('app/dashboard-route.tsx') },
                {
                  name: 'overview-shared',
                  module: fromSrc('features/analytics/pages/inventory-reporting-page.tsx'),
                },
              ]),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

/**
 * Each Mantine component's styles travel with the component instead of all of them (250 kB, 36 kB
 * gzip) blocking the first paint of every page. The build swaps main.tsx's import of the whole
 * @mantine/core/styles.css for the global part, and has every component's class map
 * (components/X/X.module.mjs, and utils/X/X.module.mjs) import styles/X.css, so a chunk's CSS holds exactly the components in
 * it. The dev server, which pre-bundles Mantine, keeps the whole file.
 */
function mantineStylesPerComponent(): Plugin {
  const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];
  return {
    name: 'depot-mantine-styles-per-component',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.endsWith('/src/main.tsx')) {
        const whole = "import '@mantine/core/styles.css';";
        if (!code.includes(whole)) throw new Error('main.tsx no longer imports @mantine/core/styles.css');
        const parts = GLOBAL_STYLES.map((name) => `import '@mantine/core/styles/${name}.css';`);
        return { code: code.replace(whole, parts.join('\n')), map: null };
      }
      // utils/ too: InlineInput's styles lay out Switch, Checkbox and Radio with their labels.
      const component = /\/@mantine\/core\/esm\/(?:components|utils)\/(?:[^/]+\/)*([^/]+)\.module\.mjs$/.exec(
        id,
      )?.[1];
      if (!component) return null;
      return { code: `import '@mantine/core/styles/${component}.css';\n${code}`, map: null };
    },
  };
}

/**
 * Mantine's components get src/lib/mantine-use-id.ts for @mantine/hooks' useId: the same first id,
 * without the swap to a random one in a layout effect that rendered every component with an id
 * twice on its first commit (docs/decisions/036-one-render-for-the-first-screen.md). The dev server,
 * which pre-bundles Mantine, keeps Mantine's.
 */
function mantineReactIds(): Plugin {
  const USE_ID = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;
  let mantineHooksBuilt = false;
  let replaced = false;
  return {
    name: 'depot-mantine-react-ids',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.includes('/@mantine/hooks/')) mantineHooksBuilt = true;
      if (!USE_ID.test(id)) return null;
      replaced = true;
      return `export { useId } from ${JSON.stringify(fromSrc('lib/mantine-use-id.ts'))};`;
    },
    buildEnd() {
      if (mantineHooksBuilt && !replaced) this.error('@mantine/hooks no longer has esm/use-id/use-id.mjs');
    },
  };
}

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
