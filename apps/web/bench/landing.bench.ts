/**
 * pnpm bench (after pnpm build): what the landing route costs a first-time visitor, and what the
 * dashboard costs a creator who signs in. Serves the built web app through the real launcher, loads
 * each route in Debian's Chromium with a cold cache several times and prints the JavaScript
 * transferred (gzip size of every script Chromium actually loaded) against issue 20's goals (200 kB
 * for the landing, 300 kB for the dashboard) and the time to first paint, first contentful paint and
 * largest contentful paint on localhost.
 *
 * BENCH_RUNS (default 5), BENCH_PATH (default /?layout=regular), BENCH_DIST (another build to measure).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT, launchChromium, registerAndSignIn, startApp } from '../e2e/harness.ts';
import type { Page } from 'playwright-core';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUTE = process.env.BENCH_PATH ?? '/?layout=regular';
/** Issue 20's goals for the JavaScript a first load transfers, gzip. */
const GOAL_KB = { landing: 200, dashboard: 300 } as const;
const DIST = process.env.BENCH_DIST ? path.resolve(process.env.BENCH_DIST) : path.join(REPO_ROOT, 'apps/web/dist');

interface Script {
  url: string;
  raw: number;
  gzip: number;
}
interface Run {
  scripts: Script[];
  firstPaint: number;
  fcp: number;
  lcp: number;
  domContentLoaded: number;
}

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error(`${DIST} has no index.html: run \`pnpm --filter @ppp/web build\` first (turbo's bench does).`);
  process.exit(1);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const app = await startApp({ WEB_DIST_DIR: DIST });
const browser = await launchChromium();

interface Target {
  label: keyof typeof GOAL_KB;
  route: string;
  /** A signed-in creator's bearer token, put where the web app keeps it before the page loads. */
  token?: string;
  ready(page: Page): Promise<void>;
}

async function measure(target: Target): Promise<Run> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 800 } });
  if (target.token) await context.addInitScript((token) => window.localStorage.setItem('authToken', token), target.token);
  const page = await context.newPage();
  const pending: Promise<Script | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res
        .body()
        .then((body) => ({ url: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(target.route, { waitUntil: 'networkidle' });
  await target.ready(page);
  const timing = await page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        resolve(last ? last.startTime : Number.NaN);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => resolve(Number.NaN), 2000);
    });
    const paint = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      firstPaint: paint('first-paint'),
      fcp: paint('first-contentful-paint'),
      lcp,
      domContentLoaded: nav?.domContentLoadedEventEnd ?? Number.NaN,
    };
  });
  const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
  await context.close();
  return { scripts, ...timing };
}

async function report(target: Target): Promise<void> {
  await measure(target); // warm the server (first requests compile and connect), not the browser cache
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(target));
  const first = runs[0];
  if (!first) throw new Error('no runs');
  const total = first.scripts.reduce((sum, s) => sum + s.gzip, 0);
  const rawTotal = first.scripts.reduce((sum, s) => sum + s.raw, 0);
  const goal = GOAL_KB[target.label];
  console.log(`${target.label} route ${target.route} — ${RUNS} cold loads in Chromium, build ${path.relative(REPO_ROOT, DIST) || DIST}`);
  console.log('  scripts loaded (gzip / raw):');
  for (const s of [...first.scripts].sort((a, b) => b.gzip - a.gzip).slice(0, 12)) {
    console.log(`    ${s.url.padEnd(48)} ${kb(s.gzip).padStart(10)} / ${kb(s.raw)}`);
  }
  console.log(`  JavaScript transferred   ${kb(total)} gzip (${kb(rawTotal)} raw, ${first.scripts.length} files)`);
  console.log(`  goal                     <= ${goal} kB gzip: ${(total / 1000 / goal).toFixed(2)}x of it`);
  console.log(`  first paint              ${median(runs.map((r) => r.firstPaint)).toFixed(0)} ms (median)`);
  console.log(`  first contentful paint   ${median(runs.map((r) => r.fcp)).toFixed(0)} ms (median)`);
  console.log(`  largest contentful paint ${median(runs.map((r) => r.lcp)).toFixed(0)} ms (median)`);
  console.log(`  DOMContentLoaded         ${median(runs.map((r) => r.domContentLoaded)).toFixed(0)} ms (median)`);
}

try {
  await report({ label: 'landing', route: ROUTE, ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() });
  const token = await registerAndSignIn(app.baseUrl, { email: 'bench-dashboard@example.com', password: 'bench dashboard password' });
  await report({
    label: 'dashboard',
    route: '/dashboard?onboarding=0',
    token,
    ready: (page) => page.getByTestId('breadcrumb-view').waitFor(),
  });
} finally {
  await browser.close();
  await app.stop();
}
