import type { VitePWAOptions } from 'vite-plugin-pwa';
import { BOARD_CACHE, BOARD_REQUEST_HEADER, BOARD_REQUEST_VALUE } from './src/lib/offline-board.ts';

/**
 * The courier's installable app (docs/decisions/029-offline-courier-changes.md), built by
 * vite-plugin-pwa with Workbox's generateSW: a manifest linked from index.html and a generated
 * /sw.js that
 * - precaches the app shell (index.html, every hashed script and style, the icons), so the board
 *   opens without signal;
 * - answers page navigations with the precached index.html, never /api, /auth or the health checks;
 * - keeps the last answers of the board's own GET (marked by a header only the board sends),
 *   network first: fresh whenever there is a connection, the last one kept without. No other API
 *   request is ever answered from a cache.
 * The page registers the worker itself, from the courier's board after load (src/features/courier-orders/offline/register-worker.ts):
 * nothing is added to the entry chunk, and no other user's browser installs it.
 */
export const courierPwa: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  injectRegister: false,
  registerType: 'autoUpdate',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: false,
  manifest: {
    id: '/dashboard/couriers',
    name: 'Depot Courier',
    short_name: 'Depot',
    description: 'Your deliveries, with or without signal.',
    start_url: '/dashboard/couriers',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0ca678',
    icons: [
      { src: '/icons/depot-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/depot-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/depot-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/depot-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['index.html', 'static/**/*.{js,css,svg,woff2}', 'icons/*.png'],
    // The whole app shell, including the analytics worker and chart chunk (about 1 MB each at most).
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/auth(\/|$)/, /^\/healthz/, /^\/readyz/, /^\/docs(\/|$)/],
    // Hashed file names already say which version a file is.
    dontCacheBustURLsMatching: /^static\//,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    // Workbox's runtime inside sw.js: one file, served with no-cache like it.
    inlineWorkboxRuntime: true,
    sourcemap: false,
    runtimeCaching: [
      {
        // Serialized into sw.js: the constants are written in, not referenced.
        urlPattern: new Function(
          'options',
          `return options.url.pathname === '/api/orders' && options.request.method === 'GET' && options.request.headers.get('${BOARD_REQUEST_HEADER}') === '${BOARD_REQUEST_VALUE}';`,
        ) as (options: { url: URL; request: Request }) => boolean,
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: BOARD_CACHE,
          networkTimeoutSeconds: 5,
          expiration: { maxEntries: 30, maxAgeSeconds: 7 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
