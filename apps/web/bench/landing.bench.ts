/**
 * pnpm bench (after pnpm build): what the landing route costs a first-time visitor. Serves the built
 * web app through the real launcher, loads / in Debian's Chromium with a cold cache several times and
 * prints the JavaScript transferred (gzip size of every script Chromium actually loaded) and the time
 * to first paint, first contentful paint and largest contentful paint on localhost.
 *
 * BENCH_RUNS (default 5), BENCH_PATH (default /?layout=regular), BENCH_DIST (another build to measure).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT, launchChromium, startApp } from '../e2e/harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUTE = process.env.BENCH_PATH ?? '/?layout=regular';
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

async function measure(): Promise<Run> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 800 } });
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
  await page.goto(ROUTE, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
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

try {
  await measure(); // warm the server (first requests compile and connect), not the browser cache
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure());
  const first = runs[0];
  if (!first) throw new Error('no runs');
  const total = first.scripts.reduce((sum, s) => sum + s.gzip, 0);
  const rawTotal = first.scripts.reduce((sum, s) => sum + s.raw, 0);
  console.log(`Landing route ${ROUTE} — ${RUNS} cold loads in Chromium, build ${path.relative(REPO_ROOT, DIST) || DIST}`);
  console.log('  scripts loaded (gzip / raw):');
  for (const s of [...first.scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`    ${s.url.padEnd(48)} ${kb(s.gzip).padStart(10)} / ${kb(s.raw)}`);
  }
  console.log(`  JavaScript transferred   ${kb(total)} gzip (${kb(rawTotal)} raw, ${first.scripts.length} files)`);
  console.log(`  first paint              ${median(runs.map((r) => r.firstPaint)).toFixed(0)} ms (median)`);
  console.log(`  first contentful paint   ${median(runs.map((r) => r.fcp)).toFixed(0)} ms (median)`);
  console.log(`  largest contentful paint ${median(runs.map((r) => r.lcp)).toFixed(0)} ms (median)`);
  console.log(`  DOMContentLoaded         ${median(runs.map((r) => r.domContentLoaded)).toFixed(0)} ms (median)`);
} finally {
  await browser.close();
  await app.stop();
}
