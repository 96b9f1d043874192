import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, desktopConfig, type Flags } from 'lighthouse';
import { DEMO_MANAGERS, DEMO_PASSWORD, demoEmail } from '../../apps/server/src/demo/demo-business';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags';

export type FormFactor = 'mobile' | 'desktop';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One Lighthouse run, reduced to what the report and the budgets need. */
export interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: { fcp: number; lcp: number; tbt: number; speedIndex: number; cls: number };
  /** Requests to any origin other than the app's. */
  foreignRequests: string[];
  /** JavaScript and CSS bytes the page transferred (compressed, as sent). */
  scriptBytes: number;
  stylesheetBytes: number;
  /** Audits of the three categories that did not pass, as "id: title". */
  failedAudits: string[];
  /**
   * Lighthouse's measure of the host's CPU, taken at the run (its "CPU/Memory Power"). The mobile
   * figures are the observed work slowed down 4 times: this machine, quiet, measures about 3,800
   * and so plays a phone near 950; a busier or slower host plays a slower phone.
   */
  benchmarkIndex: number;
}

export interface RunningApp {
  baseUrl: string;
  /** The session cookie of a demo Inventory Manager. */
  managerCookie: string;
  /** The public tracking page of one of the demo's orders. */
  trackingUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts the built server on a fresh SQLite database holding two weeks of the demo business (as
 * the browser tests do), and logs a demo Inventory Manager in through the API.
 */
export async function startApp(port: number): Promise<RunningApp> {
  const root = process.cwd();
  const folder = mkdtempSync(join(tmpdir(), 'depot-bench-web-'));
  const databaseUrl = `sqlite:${join(folder, 'depot.db')}`;
  const demo = spawnSync(
    join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/demo/main.ts', '--days', '14'],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  if (demo.status !== 0) throw new Error(`demo seeding failed:\n${demo.stdout}\n${demo.stderr}`);

  const baseUrl = `http://localhost:${port}`;
  const log = openSync(join(folder, 'server.log'), 'w');
  const server: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, join(root, 'apps/server/dist/main.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', log, log],
    },
  );
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, server, folder);
    const managerCookie = await logIn(baseUrl, demoEmail(DEMO_MANAGERS[0]?.name ?? ''), DEMO_PASSWORD);
    return { baseUrl, managerCookie, trackingUrl: await trackingUrlOfAnOrder(baseUrl, managerCookie), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The newest demo order's tracking link, as its page data carries it. */
async function trackingUrlOfAnOrder(baseUrl: string, cookie: string): Promise<string> {
  const headers = { cookie };
  const [order] = (await (await fetch(`${baseUrl}/api/orders?limit=1`, { headers })).json()) as {
    id: number;
  }[];
  if (!order) throw new Error('the demo business has no customer order');
  const detail = (await (await fetch(`${baseUrl}/api/orders/${order.id}`, { headers })).json()) as {
    tracking_url: string;
  };
  return detail.tracking_url;
}

async function waitUntilReady(baseUrl: string, server: ChildProcess, folder: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited (${server.exitCode}); see ${folder}/server.log`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login as ${email} failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('login set no cookie');
  return cookies.join('; ');
}

export interface Browser {
  port: number;
  kill: () => void;
}

/** Debian's Chromium (CHROME_PATH), headless; --no-sandbox because CI runs as root. */
export async function launchChromium(): Promise<Browser> {
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  return { port: chrome.port, kill: () => chrome.kill() };
}

/** Lighthouse errors that say nothing about the page, only that the trace came out unusable: run again. */
const TRANSIENT_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'PROTOCOL_TIMEOUT']);
const ATTEMPTS = 5;

export interface RunOptions {
  cookie?: string;
  /** Where to write the run's report as HTML and JSON (file name without extension). */
  reportPath?: string;
}

export async function runLighthouse(
  browser: Browser,
  url: string,
  formFactor: FormFactor,
  { cookie, reportPath }: RunOptions = {},
): Promise<LighthouseRun> {
  const flags: Flags = {
    port: browser.port,
    output: reportPath ? ['html', 'json'] : 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  // Lighthouse's own mobile default (a mid-range phone on slow 4G, simulated) or its desktop preset.
  const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
  let result: Awaited<ReturnType<typeof lighthouse>>;
  for (let attempt = 1; ; attempt += 1) {
    let code: string | undefined;
    try {
      result = await lighthouse(url, flags, config);
      code = result?.lhr.runtimeError?.code;
    } catch (error) {
      code = (error as { code?: string }).code;
      if (!code || !TRANSIENT_ERRORS.has(code) || attempt >= ATTEMPTS) throw error;
    }
    if (!code || !TRANSIENT_ERRORS.has(code) || attempt >= ATTEMPTS) break;
    process.stderr.write(`  Lighthouse ${code} on ${url} (${formFactor}); running it again\n`);
  }
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (reportPath && result) {
    const [html, json] = result.report as string[];
    writeFileSync(`${reportPath}.html`, html ?? '');
    writeFileSync(`${reportPath}.json`, json ?? '');
  }

  const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const origin = new URL(url).origin;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const transferred = (type: string) =>
    requests
      .filter((request) => request.resourceType === type)
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);

  const failedAudits = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 || category === 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit !== undefined &&
          audit.score !== null &&
          audit.score < (category === 'performance' ? 0.9 : 1) &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map(
        (audit) =>
          `${category}: ${audit?.id} (${audit?.displayValue ?? audit?.title})${category === 'performance' ? '' : culprits(audit)}`,
      ),
  );

  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    },
    metrics: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      speedIndex: numeric('speed-index'),
      cls: numeric('cumulative-layout-shift'),
    },
    foreignRequests: requests
      .map((request) => request.url)
      .filter((requestUrl) => /^https?:/.test(requestUrl) && new URL(requestUrl).origin !== origin),
    scriptBytes: transferred('Script'),
    stylesheetBytes: transferred('Stylesheet'),
    failedAudits,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** The elements or issues an accessibility or best-practices audit names, to find what to fix. */
function culprits(audit: { details?: unknown } | undefined): string {
  const items = (audit?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const names = items.slice(0, 5).map((item) => {
    const node = item.node as { snippet?: string; explanation?: string } | undefined;
    if (node?.snippet)
      return `${node.snippet}${node.explanation ? ` — ${node.explanation.split('\n')[1] ?? ''}` : ''}`;
    const subItems = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    return [
      item.issueType ?? item.description ?? '',
      ...subItems.slice(0, 2).map((sub) => JSON.stringify(sub)),
    ].join(' ');
  });
  return names.length > 0 && names.some(Boolean) ? `\n      ${names.join('\n      ')}` : '';
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
