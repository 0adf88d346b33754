/**
 * pnpm bench: `npm start` to healthy on an installed, built clone (issue 20's goal: under 10 s). Runs
 * the real launcher (embedded PostgreSQL, migrations, the server and the worker) in a throwaway data
 * folder, times until GET /api/health answers 200, then stops it with SIGTERM and times the shutdown.
 * The first start creates the database cluster (a new instance); the second reuses it (every later start).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LAUNCHER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/launch.ts');
const GOAL_S = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).status === 200;
  } catch {
    return false;
  }
}

/** One start of the launcher: seconds to healthy and seconds from SIGTERM to exit. */
async function startOnce(dataDir: string): Promise<{ healthyS: number; stopS: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [LAUNCHER], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    while (!(await healthy(`http://127.0.0.1:${port}/api/health`))) {
      if (child.exitCode !== null) throw new Error(`the launcher exited with ${child.exitCode} before it was healthy`);
      if (performance.now() - started > 120_000) throw new Error('not healthy after 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const healthyS = (performance.now() - started) / 1000;
    const stopping = performance.now();
    child.kill('SIGTERM');
    await exited;
    return { healthyS, stopS: (performance.now() - stopping) / 1000 };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ppp-bench-start-'));
// As root PostgreSQL runs as the postgres system user, which must be able to write here.
await fs.chmod(dir, 0o777);
try {
  const first = await startOnce(dir);
  const again = await startOnce(dir);
  const load = os.loadavg()[0]?.toFixed(2) ?? '?';
  console.log(`Start to healthy (the launcher: embedded PostgreSQL, migrations, server and worker), load average ${load}`);
  console.log(`  new instance (creates the cluster)  ${first.healthyS.toFixed(2)} s to healthy, ${first.stopS.toFixed(2)} s to stop`);
  console.log(`  existing instance                   ${again.healthyS.toFixed(2)} s to healthy, ${again.stopS.toFixed(2)} s to stop`);
  console.log(`  goal                                < ${GOAL_S} s: ${(again.healthyS / GOAL_S).toFixed(2)}x of it`);
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
