/**
 * pnpm bench: the API under load, near the machine's limit. A seeded server (bench/support/
 * serve-seeded.ts, its own process) with one creator and a show of 500 episodes; autocannon runs
 * each target at BENCH_CONNECTIONS for BENCH_DURATION_S and this prints requests/s, p50/p99, errors,
 * the server's CPU milliseconds per request (from /proc, so the load generator is not counted) and
 * the ratio to the same bytes served prebuilt from memory in the same run; the load average is
 * printed with each line, and the server's memory: its RSS idle, at its peak during the load and a
 * minute after it (BENCH_SETTLE_S), against issue 20's goal of being back within 20 % of idle. The
 * server logs every request at info in JSON, as in production (issue 38: logging's cost is counted).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { SERVER_NODE_FLAGS } from '../src/idle-memory.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const TICKS_PER_S = 100;
/** Issue 20: a minute after the load, the server's RSS at most this much above its idle RSS. */
const MEMORY_GOAL = 0.2;

// Started as the launcher starts the server (its Node flags), with BENCH_NODE_FLAGS added (e.g. --trace-gc --trace-memory-reducer).
const nodeFlags = [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
const child = spawn(process.execPath, [...nodeFlags, path.join(import.meta.dirname, 'support/serve-seeded.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const lines = readline.createInterface({ input: child.stdout! });
/** Who waits for the server's next JSON line on stdout; any other line (a V8 trace flag's output) goes to stderr. */
const waiting: ((line: string) => void)[] = [];
lines.on('line', (line) => {
  // The server's request log (at info, as in production: its cost is part of each request's) is read and dropped.
  if (line.startsWith('{"level"')) return;
  if (line.startsWith('{')) waiting.shift()?.(line);
  else process.stderr.write(`${line}\n`);
});
const nextJsonLine = () => new Promise<string>((resolve) => waiting.push(resolve));
const first = await new Promise<string>((resolve, reject) => {
  void nextJsonLine().then(resolve);
  child.once('exit', (code) => reject(new Error(`the benchmark server exited (${code})`)));
});
const { port, token, showId } = JSON.parse(first) as { port: number; token: string; showId: string };
const base = `http://127.0.0.1:${port}`;
const auth = { authorization: `Bearer ${token}` };

/** utime + stime of the server process, in ms. */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}
function serverRssMb(): number {
  const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return Number(line?.[1] ?? 0) / 1024;
}
/** Where the server's memory is (its SIGUSR2 answer): MB of RSS, V8's heap total and used, outside it, and V8's spaces. */
async function serverMemory(): Promise<string> {
  const answer = nextJsonLine();
  child.kill('SIGUSR2');
  const { memory, spaces } = JSON.parse(await answer) as { memory: Record<string, number>; spaces: Record<string, number> };
  const space = Object.entries(spaces)
    .filter(([, mb]) => mb > 0)
    .map(([name, mb]) => `${name.replace('_space', '')} ${mb}`);
  return `rss ${memory.rss}, heap ${memory.heapUsed} used of ${memory.heapTotal}, external ${memory.external} (array buffers ${memory.arrayBuffers}); spaces ${space.join(', ')}`;
}
const load = () => os.loadavg()[0]!.toFixed(1);

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
}
const trpcInput = encodeURIComponent(JSON.stringify({ json: { limit: 500, offset: 0 } }));
const trpcBatchInput = encodeURIComponent(JSON.stringify({ 0: { json: { limit: 500, offset: 0 } } }));
const allTargets: Target[] = [
  { name: 'health', path: '/api/health' },
  { name: 'episodes ?limit=500 (REST)', path: '/api/episodes/?limit=500', headers: auth },
  { name: '  the same, gzip (browsers)', path: '/api/episodes/?limit=500', headers: { ...auth, 'accept-encoding': 'gzip' } },
  { name: 'episodes ?limit=20 (REST)', path: '/api/episodes/?limit=20', headers: auth },
  { name: 'users/me (REST)', path: '/api/users/me', headers: auth },
  { name: 'episodes.page 500 (tRPC)', path: `/trpc/episodes.page?input=${trpcInput}`, headers: auth },
  { name: '  the same, gzip (browsers)', path: `/trpc/episodes.page?input=${trpcInput}`, headers: { ...auth, 'accept-encoding': 'gzip' } },
  // The same call in a batch of one: tRPC's own handler serializes the page on every call (the path before the kept answer).
  { name: '  in a batch (tRPC handler)', path: `/trpc/episodes.page?batch=1&input=${trpcBatchInput}`, headers: auth },
  { name: 'dashboard stats', path: '/api/dashboard/stats', headers: auth },
  { name: 'feed of 500', path: `/feeds/${showId}.xml` },
];
/** BENCH_ONLY: only the targets whose path contains it (e.g. `episodes`). */
const targets = allTargets.filter((target) => target.path.includes(process.env.BENCH_ONLY ?? ''));

/** A target's answer as sent: its status, type, encoding and bytes (not decoded, as fetch would). */
function sent(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'] ?? 'application/json',
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** The same bytes as a target, served from memory by a bare node:http server: the floor of this machine. */
async function prebuilt(answer: { type: string; encoding?: string; body: Buffer }): Promise<{ url: string; close: () => void }> {
  const { body } = answer;
  const floor = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': answer.type,
      'content-length': body.length,
      ...(answer.encoding ? { 'content-encoding': answer.encoding } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
  const address = floor.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, close: () => floor.close() };
}

async function run(url: string, headers: Record<string, string> = {}) {
  const before = serverCpuMs();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { result, cpuMs: serverCpuMs() - before };
}

const row = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(30) : cell.padStart(11))).join(''));
try {
  // Idle means settled: the garbage of seeding 500 episodes collected (V8's memory reducer runs some seconds after the last burst).
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_IDLE_S ?? 20) * 1000));
  const idleRss = serverRssMb();
  console.log(`server memory idle (MB): ${await serverMemory()}`);
  let peakRss = idleRss;
  const peakSampler = setInterval(() => (peakRss = Math.max(peakRss, serverRssMb())), 100);
  console.log(`API under load: ${CONNECTIONS} connections, ${DURATION_S} s per target, ${os.cpus().length} cores, 500 episodes`);
  row(['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'cpu ms/req', 'vs floor', 'kB', 'load']);
  for (const target of targets) {
    const answer = await sent(`${base}${target.path}`, target.headers);
    if (answer.status !== 200) throw new Error(`${target.path} answered ${answer.status}`);
    const alone = performance.now();
    await sent(`${base}${target.path}`, target.headers);
    const aloneMs = performance.now() - alone;
    const { result, cpuMs } = await run(`${base}${target.path}`, target.headers);
    const floor = await prebuilt(answer);
    const floorRun = await autocannon({ url: floor.url, connections: CONNECTIONS, duration: DURATION_S });
    floor.close();
    const ratio = result.requests.average > 0 ? `${(floorRun.requests.average / result.requests.average).toFixed(1)}x` : 'none done';
    row([
      target.name,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.non2xx + result.errors),
      (cpuMs / Math.max(result.requests.total, 1)).toFixed(2),
      ratio,
      (answer.body.length / 1000).toFixed(0),
      load(),
    ]);
    console.log(`${''.padEnd(30)}one request alone: ${aloneMs.toFixed(1)} ms; the floor: ${floorRun.requests.average.toFixed(0)} req/s`);
  }
  clearInterval(peakSampler);
  const afterRss = serverRssMb();
  console.log(`server memory after the load (MB): ${await serverMemory()}`);
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_S ?? 60) * 1000));
  const settledRss = serverRssMb();
  console.log(`server memory a minute later (MB): ${await serverMemory()}`);
  const above = settledRss / idleRss - 1;
  console.log(
    `server RSS: idle ${idleRss.toFixed(0)} MB, peak ${Math.max(peakRss, afterRss).toFixed(0)} MB, after the load ${afterRss.toFixed(0)} MB, a minute later ${settledRss.toFixed(0)} MB: ${(above * 100).toFixed(0)} % above idle (goal at most ${MEMORY_GOAL * 100} %: ${above <= MEMORY_GOAL ? 'met' : 'not met'})  load ${load()}`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
