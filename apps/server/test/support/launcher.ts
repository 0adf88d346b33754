/** The one-command launcher (npm start) as a child process of a test, on its own data folder and ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A data folder PostgreSQL (as the postgres user, when the tests run as root) can enter. */
export async function launcherDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ppp-launch-'));
  await chmod(dir, 0o755);
  return dir;
}

export interface Launched {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  exited: Promise<number | null>;
  /** Everything the launcher and its children printed so far. */
  output(): string;
}

export async function launch(options: { dataDir: string; pgPort: number; env?: Record<string, string> }): Promise<Launched> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/server/src/launch.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: options.dataDir,
      EMBEDDED_PG_PORT: String(options.pgPort),
      RUN_WORKER: 'false',
      LOG_LEVEL: 'info',
      WHISPER_AUTO_DOWNLOAD: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Resolves once the instance answers /api/health; throws with its output if it exits or takes longer than `timeoutMs`. */
export async function untilHealthy(app: Launched, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`${app.baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline || app.child.exitCode !== null) throw new Error(`not healthy:\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
