/**
 * Backup and restore: an instance with two users, a show with its cover, a published episode and
 * uploads (one of them still waiting for its transcription job) is backed up while it runs, then
 * restored into a fresh instance (an empty database and a new data folder, or an S3 bucket). The
 * restored rows equal the source's table by table, the files have the manifest's SHA-256, the
 * waiting job is queued again, and the restored server serves a byte-identical feed and audio and
 * signs its users in.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { openOrm } from '../../src/db/orm.ts';
import { backupInstance, restoreInstance, ZBackupManifest, type TBackupManifest } from '../../src/backup/backup.ts';
import { loadOrCreateKeyFile } from '../../src/domain/speech/secret-box.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { storageFor } from '../../src/domain/storage/storage-for.ts';
import type { StoragePort } from '../../src/domain/storage/storage.ts';
import { createEmptyDatabase, openTestOrm } from '../support/database.ts';
import { testConfig } from '../support/fixtures.ts';
import { login, startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { tempDir, toneFile, uploadForm } from '../support/audio-files.ts';
import { coverPng, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { s3Env, startS3StandIn, type S3StandIn } from '../support/s3-stand-in.ts';

const CLI = fileURLToPath(new URL('../../src/backup-cli.ts', import.meta.url));
let orm: MikroORM;
let sourceUrl: string;
let source: TestServer;
let standIn: S3StandIn;
const dirs = { files: tempDir('ppp-backup-files-'), data: tempDir('ppp-backup-source-'), backups: tempDir('ppp-backups-') };
let users: { a: { email: string; token: string }; b: { email: string; token: string } };
let showId: string;
let episodeId: string;
let musicId: string;
let served: { feed: string; audio: Buffer; range: Buffer };

const sourceStorage = () => new LocalStorage(path.join(dirs.data.dir, 'storage'));
const ua = { 'user-agent': 'curl/8.0' };

async function upload(api: TestServer, token: string, category: string, file: string, name: string) {
  const res = await fetch(`${api.baseUrl}/api/media/upload/${category}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm([file], { friendly_names: JSON.stringify([name]) }),
  });
  expect(res.status).toBe(201);
  return z.array(z.object({ id: z.string() })).parse(await res.json())[0]!.id;
}

async function serve(api: TestServer) {
  const feed = await (await fetch(`${api.baseUrl}/feeds/${showId}.xml`, { headers: ua })).text();
  const audioUrl = `${api.baseUrl}/feeds/${showId}/episodes/${episodeId}.mp3`;
  const audio = Buffer.from(await (await fetch(audioUrl, { headers: ua })).arrayBuffer());
  const range = Buffer.from(await (await fetch(audioUrl, { headers: { ...ua, range: 'bytes=100-199' } })).arrayBuffer());
  return { feed, audio, range };
}

/** Every row of every public table, as JSON text, sorted: two databases with equal answers hold the same data. */
async function rowsOf(databaseUrl: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = await client.query<{ r: string }>(`select row_to_json(t)::text as r from public."${name}" t`);
      out[name] = rows.rows.map((row) => row.r).sort();
    }
    return out;
  } finally {
    await client.end();
  }
}

async function waitingJobs(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ j: string }>(
      `select name || ' ' || id || ' ' || data::text as j from pgboss.job where state = 'created' order by 1`,
    );
    return rows.map((row) => row.j);
  } finally {
    await client.end();
  }
}

async function checksums(storage: StoragePort): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const item of storage.list('users/'))
    out[item.key] = createHash('sha256')
      .update(await storage.readBytes(item.key))
      .digest('hex');
  return out;
}

beforeAll(async () => {
  standIn = await startS3StandIn(['ppp-restored']);
  const db = await openTestOrm();
  orm = db.orm;
  sourceUrl = db.databaseUrl;
  source = await startTestServer(orm, sourceUrl, { DATA_DIR: dirs.data.dir });
  const { admin, user } = await twoUsers(source);
  users = { a: admin, b: user };
  loadOrCreateKeyFile(path.join(dirs.data.dir, 'secret.key'));
  showId = await seedShow(orm, sourceStorage(), admin.id, 'Backed Up Show', coverPng(dirs.files.dir));
  episodeId = (
    await seedAssembledEpisode(
      orm,
      sourceStorage(),
      dirs.files.dir,
      { userId: admin.id, podcastId: showId },
      {
        title: 'Kept safe',
        status: 'published',
        publishAt: new Date(Date.now() - 3600_000),
        seconds: 4,
      },
    )
  ).id;
  musicId = await upload(source, user.token, 'music', toneFile(dirs.files.dir, 'theme.mp3', 3, 440), 'Theme');
  // Main content queues its transcription; no worker runs here, so the job is still waiting at backup time.
  await upload(source, admin.token, 'main_content', toneFile(dirs.files.dir, 'interview.wav', 3, 220), 'Interview');
  served = await serve(source);
  expect(served.audio.length).toBeGreaterThan(1000);
});
afterAll(async () => {
  await source?.close();
  await orm?.close();
  await standIn?.close();
  for (const dir of Object.values(dirs)) dir.remove();
});

let manifest: TBackupManifest;
const backupDir = () => path.join(dirs.backups.dir, 'nightly');

describe('pnpm backup', () => {
  it('writes the database, the waiting jobs, every file with its SHA-256 and the secret key, with a manifest', async () => {
    manifest = await backupInstance(
      { databaseUrl: sourceUrl, storage: sourceStorage(), secretKeyFile: path.join(dirs.data.dir, 'secret.key') },
      backupDir(),
    );
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.tables.find((t) => t.table === 'users')?.rows).toBe(2);
    expect(manifest.tables.find((t) => t.table === 'episodes')?.rows).toBe(1);
    expect(manifest.jobs).toBe(1);
    expect(manifest.secret_key_file).toBe(true);
    expect(Object.fromEntries(manifest.files.filter((f) => f.key.startsWith('users/')).map((f) => [f.key, f.sha256]))).toEqual(
      await checksums(sourceStorage()),
    );
    for (const file of manifest.files) {
      expect(
        createHash('sha256')
          .update(readFileSync(path.join(backupDir(), 'storage', ...file.key.split('/'))))
          .digest('hex'),
      ).toBe(file.sha256);
    }
    await expect(backupInstance({ databaseUrl: sourceUrl, storage: sourceStorage(), secretKeyFile: null }, backupDir())).rejects.toThrow(
      /not empty/,
    );
  });

  it('is the pnpm backup command: the same backup from the command line, and a refusal for a folder in use', async () => {
    const env = { PATH: process.env.PATH ?? '', DATABASE_URL: sourceUrl, DATA_DIR: dirs.data.dir };
    const folder = path.join(dirs.backups.dir, 'from-cli');
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'backup', folder], { env });
    expect(stdout).toContain(`backed up into ${folder} (${manifest.files.length} files, ${manifest.tables.length} tables)`);
    const written = ZBackupManifest.parse(JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')));
    expect(written.files).toEqual(manifest.files);
    expect(written.tables).toEqual(manifest.tables);
    const again = await promisify(execFile)(process.execPath, [CLI, 'backup', folder], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(again).toMatchObject({ code: 1, stderr: `${folder} is not empty: a backup goes into a new folder\n` });
  });
});

describe.each(['a new data folder', 'an S3 bucket'])('pnpm restore into %s', (target) => {
  let restored: TestServer;
  let restoredOrm: MikroORM | null = null;
  let dataDir: { dir: string; remove: () => void };
  let databaseUrl: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = tempDir('ppp-restored-');
    databaseUrl = await createEmptyDatabase();
    env = { DATA_DIR: dataDir.dir, ...(target === 'an S3 bucket' ? s3Env(standIn, 'ppp-restored') : {}) };
  });
  afterAll(async () => {
    await restored?.close();
    await restoredOrm?.close();
    dataDir?.remove();
  });

  it('brings back the same rows, files, waiting jobs and secret key', async () => {
    const storage = storageFor(testConfig(databaseUrl, env));
    const secretKeyFile = path.join(dataDir.dir, 'secret.key');
    await restoreInstance({ databaseUrl, storage, secretKeyFile }, backupDir());
    expect(await rowsOf(databaseUrl)).toEqual(await rowsOf(sourceUrl));
    expect(await checksums(storage)).toEqual(await checksums(sourceStorage()));
    expect(await waitingJobs(databaseUrl)).toEqual(await waitingJobs(sourceUrl));
    expect(readFileSync(secretKeyFile).equals(readFileSync(path.join(dirs.data.dir, 'secret.key')))).toBe(true);
    await expect(restoreInstance({ databaseUrl, storage, secretKeyFile }, backupDir())).rejects.toThrow(/already has accounts/);
  });

  it('serves a byte-identical feed and audio, and its users sign in and reach their own media', async () => {
    restoredOrm = await openOrm(databaseUrl, { poolMax: 3 });
    restored = await startTestServer(restoredOrm, databaseUrl, env);
    const again = await serve(restored);
    expect(again.feed).toBe(served.feed);
    expect(again.audio.equals(served.audio)).toBe(true);
    expect(again.range.equals(served.range)).toBe(true);
    const token = await login(restored, users.b.email);
    const preview = await restored.request('GET', `/api/media/preview?id=${musicId}&resolve=true`, { token });
    const url = z.object({ url: z.string() }).parse(preview.body).url;
    expect((await fetch(`${restored.baseUrl}${url}`)).status).toBe(200);
    const other = await restored.request('GET', `/api/media/preview?id=${musicId}&resolve=true`, {
      token: await login(restored, users.a.email),
    });
    expect(other.status).toBe(404);
    if (target === 'a new data folder') expect(existsSync(path.join(dataDir.dir, 'storage', 'users'))).toBe(true);
  });
});
