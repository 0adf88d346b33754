/** The bed most API tests stand on: a server on a fresh database of its own, its users and their templates. */
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { TTemplateBodyInput } from '@ppp/contracts';
import type { TConfig } from '../../src/config.ts';
import { openTestOrm } from './database.ts';
import { testConfig } from './fixtures.ts';
import { tempDir } from './audio-files.ts';
import { startTestServer, twoUsers, type TestServer, type TestUser } from './http.ts';

export interface ApiBed {
  orm: MikroORM;
  databaseUrl: string;
  /** The configuration the server runs with (for the services a test calls beside it). */
  config: TConfig;
  api: TestServer;
}

/** A fresh, migrated database and a server on it, configured by `env`. */
export async function startApiBed(env: Record<string, string> = {}): Promise<ApiBed> {
  const { orm, databaseUrl } = await openTestOrm();
  return { orm, databaseUrl, config: testConfig(databaseUrl, env), api: await startTestServer(orm, databaseUrl, env) };
}

/** A bed whose server stores files in a temporary folder of its own, with the two users of twoUsers. */
export interface UsersBed extends ApiBed {
  storage: ReturnType<typeof tempDir>;
  admin: TestUser;
  user: TestUser;
}

/** A bed storing in a new temporary folder named from `storagePrefix`, configured by `env` too, and its two users. */
export async function startUsersBed(storagePrefix: string, env: Record<string, string> = {}): Promise<UsersBed> {
  const storage = tempDir(storagePrefix);
  const bed = await startApiBed({ STORAGE_DIR: storage.dir, ...env });
  return { ...bed, storage, ...(await twoUsers(bed.api)) };
}

/** Closes the server, then the database, then removes the storage folder of a bed (each is missing when the bed did not start). */
export async function closeApiBed(bed: {
  api?: TestServer | undefined;
  orm?: MikroORM | undefined;
  storage?: { remove: () => void } | undefined;
}): Promise<void> {
  await bed.api?.close();
  await bed.orm?.close();
  bed.storage?.remove();
}

/** A creator of the API tests: an account with a show, a template of it and a Ready upload (its file name). */
export interface Creator {
  token: string;
  id: string;
  show: string;
  template: string;
  upload: string;
}

/** The two users of twoUsers (A the first account, admin; B approved by A), each made a creator by `make`. */
export async function twoCreators<C>(api: TestServer, make: (token: string, id: string, label: 'a' | 'b') => Promise<C>): Promise<[C, C]> {
  const { admin, user } = await twoUsers(api);
  return [await make(admin.token, admin.id, 'a'), await make(user.token, user.id, 'b')];
}

/** A template made through POST /api/templates/ (answered 201); returns its id. */
export async function createTemplate(api: TestServer, token: string, body: TTemplateBodyInput): Promise<string> {
  const res = await api.request('POST', '/api/templates/', { token, json: body });
  if (res.status !== 201) throw new Error(`template ${body.name}: ${res.status} ${res.text}`);
  return z.object({ id: z.string() }).parse(res.body).id;
}
