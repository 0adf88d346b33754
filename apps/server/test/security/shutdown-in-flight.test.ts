/**
 * A stop loses nothing and leaves nothing behind (issues 14 and 24): the real launcher (embedded
 * PostgreSQL, server and worker, real ffmpeg) is sent SIGTERM with a render running, a tus upload half
 * sent (one chunk still arriving) and a publish waiting for the host's answer. The running request
 * finishes, the worker aborts what cannot finish in its grace and kills its ffmpeg, PostgreSQL stops
 * after both children, and the launcher exits 0. Started again on the same data folder, the render
 * completes once, the upload resumes from its offset and the publish reaches the host once.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { tempDir, toneFile } from '../support/audio-files.ts';
import { coverPng } from '../support/episodes.ts';
import { connectSpreakerAccount } from '../support/spreaker-connect.ts';
import { SpreakerSandbox } from '../support/spreaker-sandbox.ts';
import { createTusUpload, patchTusChunk, tusIdOf, tusMediaItemOf, tusOffsetOn } from '../support/tus-client.ts';
import { uniqueEmail, PASSWORD } from '../support/fixtures.ts';
import { freePort, launch, launcherDataDir, untilHealthy, type Launched } from '../support/launcher.ts';

/** The worker's grace in this test: short, so the long render is certainly still running when it ends. */
const WORKER_GRACE_MS = 3_000;
const CHUNK = 256 * 1024;

const sandbox = new SpreakerSandbox();
const files = tempDir('ppp-stop-files-');
let dataDir = '';
let pgPort = 0;
let env: Record<string, string> = {};
const running: Launched[] = [];

beforeAll(async () => {
  await sandbox.start();
  dataDir = await launcherDataDir();
  pgPort = await freePort();
  env = {
    RUN_WORKER: 'true',
    WORKER_CONCURRENCY: '2',
    WORKER_STOP_GRACE_MS: String(WORKER_GRACE_MS),
    ...sandbox.appEnv,
  };
});
afterAll(async () => {
  for (const app of running) if (app.child.exitCode === null) app.child.kill('SIGKILL');
  await Promise.all(running.map((app) => app.exited));
  await sandbox.stop();
  await rm(dataDir, { recursive: true, force: true });
  files.remove();
});

async function start(): Promise<Launched> {
  const app = await launch({ dataDir, pgPort, env });
  running.push(app);
  await untilHealthy(app, 180_000);
  return app;
}

/** Polls a real state until it is reached; bounded, with what was last read in the failure. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One client of the instance on whichever port it listens now. */
function client(app: () => Launched, token: () => string) {
  const call = async (method: string, pathname: string, json?: unknown) => {
    const res = await fetch(`${app().baseUrl}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    return {
      status: res.status,
      text,
      body: text && (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : null,
    };
  };
  const form = async (pathname: string, data: FormData) => {
    const res = await fetch(`${app().baseUrl}${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${token()}` }, body: data });
    return { status: res.status, text: await res.text() };
  };
  return { call, form };
}

/** ffmpeg processes working on this instance's files (their command lines name the data folder). */
function ffmpegOf(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const args = cmdline.split('\0');
    if (path.basename(args[0] ?? '') === 'ffmpeg' && cmdline.includes(dir)) found.push(`${pid}: ${args.join(' ')}`);
  }
  return found;
}

/** Every file stored under a folder, recursively. */
function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const ZMedia = z.object({ status: z.string(), transcript_ready: z.boolean() });
const ZJob = z.object({ status: z.string(), progress: z.number().nullable(), error: z.string().nullable() });
const ZPublish = z.object({ status: z.string(), publish_state: z.string().nullable(), last_error: z.string().nullable() });
const ZUsage = z.object({ minutes_used: z.number() });

/** A supplied WebVTT transcript for a tone of `seconds`, so the upload is Ready without a speech engine. */
async function transcriptFor(name: string, seconds: number): Promise<string> {
  const file = path.join(files.dir, `${name}.vtt`);
  const stamp = (s: number) => new Date(s * 1000).toISOString().slice(11, 23);
  await writeFile(
    file,
    `WEBVTT\n\n${stamp(0)} --> ${stamp(4)}\nwelcome to the show\n\n${stamp(seconds - 4)} --> ${stamp(seconds)}\nthanks for listening\n`,
  );
  return file;
}

describe('SIGTERM with a render, an upload and a publish in flight', () => {
  it('finishes or aborts each cleanly, leaves no ffmpeg, stops PostgreSQL last; after a restart each completes exactly once', async () => {
    // A failure shows what each run of the launcher said (less the request log).
    onTestFailed(() => {
      for (const run of running)
        console.error(
          run
            .output()
            .split('\n')
            .filter((line) => !line.includes('Request completed'))
            .slice(-40)
            .join('\n'),
        );
    });
    let app = await start();
    let token = '';
    const api = client(
      () => app,
      () => token,
    );
    const email = uniqueEmail('stop');
    const registered = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, accept_terms: true, terms_version: '2025-09-19' }),
    });
    expect(registered.status).toBe(200);
    const signIn = async () => {
      const res = await fetch(`${app.baseUrl}/api/auth/token`, {
        method: 'POST',
        body: new URLSearchParams({ username: email, password: PASSWORD }),
      });
      token = z.object({ access_token: z.string() }).parse(await res.json()).access_token;
    };
    await signIn();
    const userId = z.object({ id: z.string() }).parse((await api.call('GET', '/api/users/me')).body).id;

    // A show on Spreaker (the sandbox) with a content-only template.
    const show = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Stop Show',
      description: 'All about stopping.',
      language: 'en',
      author_name: 'Ada',
      category: 'Technology',
    }))
      show.append(k, v);
    show.append('cover_image', new Blob([readFileSync(coverPng(files.dir))]), 'cover.png');
    const created = await api.form('/api/podcasts/', show);
    expect(created.status, created.text).toBe(201);
    const showId = z.object({ id: z.string() }).parse(JSON.parse(created.text)).id;
    expect((await connectSpreakerAccount(app.baseUrl, token)).status).toBe(200);
    const remote = sandbox.addShow('Stop Show on Spreaker');
    expect((await api.call('POST', `/api/podcasts/${showId}/link-spreaker-show`, { show_id: remote.show_id })).status).toBe(200);
    const template = await api.call('POST', '/api/templates/', {
      name: 'Talk only',
      podcast_id: showId,
      segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
    });
    expect(template.status, template.text).toBe(201);
    const templateId = z.object({ id: z.string() }).parse(template.body).id;

    /** A main-content upload with its transcript, waited until Ready; its stored name. */
    const upload = async (name: string, seconds: number) => {
      const audio = toneFile(files.dir, `${name}.mp3`, seconds, 220, ['-ac', '1', '-ar', '22050', '-b:a', '32k']);
      const body = new FormData();
      body.append('files', new Blob([readFileSync(audio)]), `${name}.mp3`);
      body.append('transcript', new Blob([readFileSync(await transcriptFor(name, seconds))]), `${name}.vtt`);
      body.append('friendly_names', JSON.stringify([name]));
      const res = await api.form('/api/media/upload/main_content', body);
      expect(res.status, res.text).toBe(201);
      const [item] = z.array(z.object({ id: z.string(), filename: z.string() })).parse(JSON.parse(res.text));
      await waitFor(
        async () => ZMedia.parse((await api.call('GET', `/api/media/${item!.id}`)).body),
        (m) => m.transcript_ready,
        `${name} not Ready`,
      );
      return item!.filename;
    };
    const assemble = async (filename: string, title: string, episodeNumber: number) => {
      const res = await api.call('POST', '/api/episodes/assemble', {
        template_id: templateId,
        main_content_filename: filename,
        episode_details: { title, description: `${title}, assembled.`, episodeNumber },
        intents: { flubber: 'no', intern: 'no', sfx: 'no' },
        // The tone is silence to the transcript: kept whole, so the long episode renders all 30 minutes.
        cleanup: { removePauses: false, removeFillers: false },
      });
      expect(res.status, res.text).toBe(202);
      return z.object({ job_id: z.string(), episode_id: z.string(), minutes_charged: z.number() }).parse(res.body);
    };
    const jobOf = async (jobId: string) => ZJob.parse((await api.call('GET', `/api/episodes/status/${jobId}`)).body);
    const publishOf = async (episodeId: string) =>
      ZPublish.parse((await api.call('GET', `/api/episodes/${episodeId}/publish/status`)).body);
    const minutesUsed = async () => ZUsage.parse((await api.call('GET', '/api/billing/usage')).body).minutes_used;

    // (c) A short episode, assembled, then published to Spreaker: the host stores it and holds its answer.
    const short = await assemble(await upload('short', 8), 'Published while stopping', 1);
    await waitFor(
      () => jobOf(short.job_id),
      (s) => s.status === 'processed' || s.status === 'error',
      'short render',
    );
    expect((await jobOf(short.job_id)).status).toBe('processed');
    let releaseAnswer = () => undefined as void;
    sandbox.answerGate = new Promise<void>((resolve) => (releaseAnswer = resolve));
    expect((await api.call('POST', `/api/episodes/${short.episode_id}/publish`, { publish_state: 'public' })).status).toBe(200);
    await waitFor(
      async () => sandbox.episodesOf(remote.show_id).length,
      (n) => n === 1,
      'upload not at the host',
    );
    expect(await publishOf(short.episode_id)).toMatchObject({ publish_state: 'publishing' });

    // (a) A 30-minute episode whose render is under way (ffmpeg running on this instance's files).
    const long = await assemble(await upload('long', 1800), 'Rendering while stopping', 2);
    await waitFor(
      () => jobOf(long.job_id),
      (s) => s.status === 'processing' && (s.progress ?? 0) > 0,
      'long render not started',
    );
    expect(ffmpegOf(dataDir).length).toBeGreaterThan(0);
    const minutesBefore = await minutesUsed();
    expect(minutesBefore).toBeGreaterThanOrEqual(short.minutes_charged + long.minutes_charged);

    // (b) A tus upload with two chunks sent and a third arriving when the stop comes.
    const data = readFileSync(toneFile(files.dir, 'tus.mp3', 240, 330, ['-ac', '1', '-b:a', '64k']));
    const tus = await createTusUpload({ baseUrl: app.baseUrl }, token, data.length, {
      filename: 'tus.mp3',
      category: 'main_content',
      friendly_name: 'Resumed',
    });
    expect(tus.status).toBe(201);
    const tusId = tusIdOf(tus);
    for (const offset of [0, CHUNK])
      expect((await patchTusChunk({ baseUrl: app.baseUrl }, token, tusId, offset, data.subarray(offset, offset + CHUNK))).status).toBe(204);
    const third = data.subarray(2 * CHUNK, 3 * CHUNK);
    const patching = http.request(`${app.baseUrl}/files/${tusId}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': String(2 * CHUNK),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(third.length),
      },
    });
    const patched = new Promise<number>((resolve, reject) => {
      patching.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      patching.on('error', reject);
    });
    patching.write(third.subarray(0, CHUNK / 2));
    // The stop comes once the server is writing this chunk (its first half is in the upload's file).
    const partial = () => filesIn(path.join(dataDir, 'storage', 'tus')).find((file) => path.basename(file) === tusId);
    await waitFor(
      async () => {
        const file = partial();
        return file ? statSync(file).size : 0;
      },
      (size) => size >= 2 * CHUNK + CHUNK / 2,
      'the third chunk is not being written',
      60_000,
    );

    // The stop.
    app.child.kill('SIGTERM');
    await waitFor(
      async () => app.output(),
      (out) => out.includes('SIGTERM: closing'),
      'the server did not begin closing',
      60_000,
    );
    patching.end(third.subarray(CHUNK / 2));
    expect(await patched).toBe(204);
    expect(await app.exited).toBe(0);
    const out = app.output();
    // The render was cut by the worker's grace, not finished before the stop.
    expect(out).toMatch(/job\(s\) aborted/);
    expect(out).not.toContain(`audio.assemble ${long.episode_id} (assemble)`);
    // pg-boss settled the aborted jobs before its pool closed: no error on the way out.
    expect(out).not.toMatch(/pg-boss.*not opened/);
    expect(ffmpegOf(dataDir)).toEqual([]);
    const pgStop = out.indexOf('stopping PostgreSQL');
    expect(pgStop).toBeGreaterThan(-1);
    for (const child of ['server stopped', 'worker stopped']) {
      expect(out.indexOf(child), out).toBeGreaterThan(-1);
      expect(out.indexOf(child)).toBeLessThan(pgStop);
    }
    releaseAnswer();
    sandbox.answerGate = null;

    // Started again on the same data folder.
    app = await start();
    // (b) resumes from the offset the server kept, including the chunk that arrived during the stop.
    expect(await tusOffsetOn({ baseUrl: app.baseUrl }, token, tusId)).toEqual({ status: 200, offset: 3 * CHUNK });
    let offset = 3 * CHUNK;
    let last: Response | null = null;
    while (offset < data.length) {
      last = await patchTusChunk({ baseUrl: app.baseUrl }, token, tusId, offset, data.subarray(offset, offset + CHUNK));
      offset += CHUNK;
      if (offset < data.length) expect(last.status).toBe(204);
    }
    expect(z.object({ size: z.number() }).parse(await tusMediaItemOf({ baseUrl: app.baseUrl }, token, last!)).size).toBe(data.length);

    // (a) renders once: one file stored for the episode, nothing more charged.
    const done = await waitFor(
      () => jobOf(long.job_id),
      (s) => s.status === 'processed' || s.status === 'error',
      'long render after restart',
    );
    expect(done).toMatchObject({ status: 'processed', error: null });
    const episodeFiles = filesIn(path.join(dataDir, 'storage', 'users', userId, 'episodes', long.episode_id)).filter((f) =>
      f.endsWith('.mp3'),
    );
    expect(episodeFiles).toHaveLength(1);
    expect(await minutesUsed()).toBe(minutesBefore);
    const rendered = (app.output() + out)
      .split('\n')
      .filter((line) => line.includes(`audio.assemble ${long.episode_id} (`) && line.includes('rendered in'));
    expect(rendered).toHaveLength(1);

    // (c) the retry finds the upload the host already took: one episode at the host, published here.
    const published = await waitFor(
      () => publishOf(short.episode_id),
      (s) => s.status === 'published' || s.last_error !== null,
      'publish after restart',
    );
    expect(published).toMatchObject({ status: 'published', publish_state: 'published', last_error: null });
    expect(sandbox.episodesOf(remote.show_id)).toHaveLength(1);
    expect(sandbox.uploadCount).toBe(1);

    app.child.kill('SIGTERM');
    expect(await app.exited).toBe(0);
    expect(ffmpegOf(dataDir)).toEqual([]);
  }, 900_000);
});
