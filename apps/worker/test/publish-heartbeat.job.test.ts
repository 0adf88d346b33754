/**
 * publish.episode has a heartbeat: a worker process killed (SIGKILL) between the upload and recording
 * it no longer leaves the episode 'publishing' for the job's 30 minute expiry. Another worker retries it
 * within about a minute, and the host still holds exactly one episode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPng, SpreakerSandbox } from '@ppp/server/test-support';
import { workerBed } from './support/worker-bed.ts';

const sandbox = new SpreakerSandbox();
// Spreaker's stand-in is up before the bed reads its address, and stopped once the bed is closed.
beforeAll(() => sandbox.start());
afterAll(() => sandbox.stop());
const spreakerEnv = (files: string) => ({
  DATA_DIR: files,
  SPREAKER_CLIENT_ID: 'ppp-app',
  SPREAKER_CLIENT_SECRET: 'ppp-secret',
  SPREAKER_BASE_URL: sandbox.origin,
  LOG_LEVEL: 'error',
  NODE_ENV: 'test',
});
// The workers are the test's: the services send on the bed's own queue.
const bed = workerBed({ name: 'ppp-publish-heartbeat', startLater: true, env: ({ files }) => spreakerEnv(files) });
const { services } = bed;
let child: ChildProcess | null = null;
afterAll(() => child?.kill('SIGKILL'));
let userId: string;

/** Starts the dying worker and resolves once it is consuming. */
function startDyingWorker(onLine: (line: string) => void): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [path.join(import.meta.dirname, 'support/dying-worker.ts')], {
    env: { ...process.env, STORAGE_DIR: bed.storage.dir, ...spreakerEnv(bed.files.dir), DATABASE_URL: bed.databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') resolve(proc);
        onLine(line);
      }
    });
    proc.once('exit', (code) => reject(new Error(`dying worker exited early (${code})`)));
  });
}

describe('publish.episode heartbeat', () => {
  it('a worker killed mid-publish is retried by another within about a minute, once at the host', async () => {
    let uploaded = '';
    child = await startDyingWorker((line) => {
      if (line.startsWith('uploaded ')) uploaded = line.slice('uploaded '.length);
    });
    // The test's own worker takes no publish.episode yet: the dying child is the only consumer for now.
    await (await bed.runWorker()).boss.offWork('publish.episode');
    userId = (await bed.newUser('heartbeat')).id;
    const start = await services().spreaker.startConnect((await services().spreaker.connectTicket({ id: userId })).ticket);
    await services().spreaker.finishConnect('code', start.state, start.state);
    const podcastId = await bed.show(userId, 'Heartbeat Show', coverPng(bed.files.dir));
    const remote = sandbox.addShow('Heartbeat Show');
    await services().hostShows.link({ id: userId }, podcastId, { show_id: String(remote.show_id) });
    const episode = await bed.assembledEpisode({ userId, podcastId }, { title: 'Outlives its worker' });
    await services().publishing.publish({ id: userId }, episode.id, { publish_state: 'public' });

    const uploadDeadline = Date.now() + 60_000;
    while (uploaded !== episode.id) {
      if (Date.now() > uploadDeadline) throw new Error('the dying worker never uploaded');
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    const killedAt = Date.now();
    // A fresh worker, as after a crash: it consumes publish.episode again.
    await bed.stopWorker();
    await bed.runWorker();
    const status = await bed.waitFor(
      () => services().publishing.status({ id: userId }, episode.id),
      (s) => s.status === 'published' || s.publish_state === 'publish_error',
      90_000,
      500,
    );
    expect(status).toMatchObject({ status: 'published', host: 'spreaker' });
    const recoveredIn = Date.now() - killedAt;
    console.log(`publish.episode recovered ${Math.round(recoveredIn / 1000)} s after its worker was killed`);
    expect(recoveredIn).toBeLessThan(70_000);
    expect(sandbox.episodesOf(remote.show_id)).toHaveLength(1);
  }, 180_000);
});
