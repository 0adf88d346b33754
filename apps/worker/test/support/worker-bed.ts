/**
 * What the worker's job tests share: a real PostgreSQL (a clone of the migrated one), a storage and a
 * files folder of the test's own, a worker running pg-boss on that database with its log kept, the
 * services a server would call (sending on the worker's queue), and the helpers that register users
 * and wait on real state. workerBed registers its own beforeAll and afterAll; a test file's own
 * set-up registered after it runs once the bed is ready, and a teardown registered before it runs
 * after the bed is closed (vitest runs afterAll hooks last registered first).
 */
import { afterAll, beforeAll } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  openTestOrm,
  registerAccount,
  seedAssembledEpisode,
  seedShow,
  tempDir,
  testConfig,
  uniqueEmail,
  type SeedEpisodeOptions,
} from '@ppp/server/test-support';
import type { TConfig } from '@ppp/server/config';
import { createServices, LocalStorage, outboxOnlyTransport, PgBossJobQueue, type SharedDeps, type User } from '@ppp/server/domain';
import { startTestServer, type HttpResult, type TestServer } from '../../../server/test/support/http.ts';
import { startWorker, type Worker } from '../../src/worker.ts';

type TempDir = { dir: string; remove: () => void };

export interface WorkerBedOptions {
  /** The start of its temporary folders' names. */
  name: string;
  /** The configuration's variables besides STORAGE_DIR, read once the folders and the database exist. */
  env?: (dirs: { storage: string; files: string }) => Record<string, string>;
  /** Jobs the worker runs at once (1 unless said). */
  concurrency?: number;
  /** Also the product's HTTP stack on the same database and variables. */
  api?: boolean;
  /** Leave the worker to the test (runWorker); the services send on a queue of their own. */
  startLater?: boolean;
}

/** Polls `read` until `done` holds; past the deadline the test fails with the last value and the worker's log. */
async function pollUntil<T>(
  logs: string[],
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  pollMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Registers the bed's setup and teardown; its state is read through the returned object once the tests run. */
export function workerBed(options: WorkerBedOptions) {
  const logs: string[] = [];
  let orm: MikroORM;
  let databaseUrl = '';
  let config: TConfig;
  let storage: TempDir;
  let files: TempDir;
  let worker: Worker | null = null;
  let api: TestServer | null = null;
  let ownQueue: PgBossJobQueue | null = null;

  const env = () => ({ STORAGE_DIR: storage.dir, ...options.env?.({ storage: storage.dir, files: files.dir }) });

  /** The bed's configuration with some variables changed. */
  const configWith = (changed: Record<string, string>) => testConfig(databaseUrl, { ...env(), ...changed });

  async function runWorker(with_: TConfig = config): Promise<Worker> {
    worker = await startWorker({
      orm,
      shared: { config: with_, mailTransport: outboxOnlyTransport },
      databaseUrl,
      concurrency: options.concurrency ?? 1,
      log: (m) => logs.push(m),
    });
    return worker;
  }

  /** Stops the worker; the bed's own queue (startLater) still takes what the services send. */
  async function stopWorker(): Promise<void> {
    await worker?.stop();
    worker = null;
  }

  function services(with_: TConfig = config) {
    const jobs = ownQueue ?? (worker ? new PgBossJobQueue({ boss: worker.boss }) : null);
    if (!jobs) throw new Error('no worker');
    const shared: SharedDeps = { config: with_, mailTransport: outboxOnlyTransport, storage: new LocalStorage(storage.dir), jobs };
    return createServices(orm.em.fork(), shared);
  }

  const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

  /** A registered user (`label` in the address), on `tier` when one is given. */
  async function newUser(label: string, tier?: string): Promise<User> {
    const email = uniqueEmail(label);
    await registerAccount(services(), email);
    if (tier) await sql('update users set tier = ? where email = ?', [tier, email]);
    const [row] = await sql<{ id: string }>('select id from users where email = ?', [email]);
    return services().users.getById(row?.id ?? '');
  }

  /** A call to the HTTP stack (api: true) as the user holding `token`. */
  const request = (token: string, method: string, url: string, json?: unknown): Promise<HttpResult> =>
    api ? api.request(method, url, { token, json }) : Promise.reject(new Error('no api: workerBed({ api: true })'));

  /** Sends one `name` job to the worker's pg-boss and waits until it has ended; the job as pg-boss keeps it. */
  async function runJobOnce(name: string, data: object = {}, timeoutMs = 30_000) {
    if (!worker) throw new Error('no worker');
    const boss = worker.boss;
    const id = (await boss.send(name, data)) ?? '';
    const ended = (job: { state: string } | null) => ['completed', 'failed', 'cancelled'].includes(job?.state ?? '');
    return pollUntil(logs, () => boss.getJobById(name, id), ended, timeoutMs, 100);
  }

  /** A show of the user's in the bed's storage, with `cover` (if any) as its artwork. */
  const show = (userId: string, name: string, cover: string | null) => seedShow(orm, new LocalStorage(storage.dir), userId, name, cover);
  /** An episode of the show assembled already: its audio in the bed's storage. */
  const assembledEpisode = (owner: { userId: string; podcastId: string }, episode: SeedEpisodeOptions = {}) =>
    seedAssembledEpisode(orm, new LocalStorage(storage.dir), files.dir, owner, episode);

  beforeAll(async () => {
    storage = tempDir(`${options.name}-storage-`);
    files = tempDir(`${options.name}-files-`);
    const db = await openTestOrm();
    orm = db.orm;
    databaseUrl = db.databaseUrl;
    config = testConfig(databaseUrl, env());
    if (options.api) api = await startTestServer(orm, databaseUrl, env());
    if (options.startLater) ownQueue = new PgBossJobQueue({ connectionString: databaseUrl });
    else await runWorker();
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
    await ownQueue?.close();
    await api?.close();
    await orm?.close();
    storage?.remove();
    files?.remove();
  });

  return {
    ...{ logs, configWith, runWorker, stopWorker, services, sql, newUser, show, assembledEpisode, runJobOnce, request },
    waitFor: <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 120_000, pollMs = 250) =>
      pollUntil(logs, read, done, timeoutMs, pollMs),
    get orm() {
      return orm;
    },
    get databaseUrl() {
      return databaseUrl;
    },
    get config() {
      return config;
    },
    get worker() {
      return worker;
    },
    get api() {
      if (!api) throw new Error('no api: workerBed({ api: true })');
      return api;
    },
    get storage() {
      return storage;
    },
    get files() {
      return files;
    },
  };
}
