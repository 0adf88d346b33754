/**
 * The instance cannot be made to mail strangers (issue 14): an upload's notify_email is the account's
 * own address or one the creator verified with the code mailed to it. Each try of a code is counted
 * before it is compared, another user cannot use an address someone else verified, and the ready mail
 * goes to the verified address only, its subject carrying nothing a user typed beyond the upload's
 * trimmed name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { TRPCClientError } from '@trpc/client';
import { detectIntents } from '@ppp/audio';
import {
  DEFAULT_AUDIO_CLEANUP_SETTINGS,
  MESSAGES,
  NOTIFY_ADDRESS_MESSAGES,
  ZMediaItem,
  ZNotifyAddress,
  ZNotifyAddressList,
} from '@ppp/contracts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { twoUsers, type TestServer } from '../support/http.ts';
import { codeIn, servicesFor, testConfig, uniqueEmail } from '../support/fixtures.ts';
import { timedWords } from '../support/transcripts.ts';
import { tempDir, toneFile, uploadForm } from '../support/audio-files.ts';

let orm: MikroORM;
let api: TestServer;
let databaseUrl: string;
let a: { token: string; id: string };
let b: { token: string; id: string };
const files = tempDir('ppp-notify-files-');
const storage = tempDir('ppp-notify-storage-');

beforeAll(async () => {
  ({ orm, api, databaseUrl } = await startApiBed({ STORAGE_DIR: storage.dir }));
  ({ admin: a, user: b } = await twoUsers(api));
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  files.remove();
  storage.remove();
});

const mailsTo = (to: string) =>
  orm.em
    .fork()
    .getConnection()
    .execute<{ subject: string; text: string }[]>('select subject, text from mail_outbox where "to" = ? order by created_at', [to]);
const uploadsOf = async (userId: string) => orm.em.fork().count(MediaItemSchema, { user: userId });
const post = (path: string, json: unknown, token = a.token) => api.request('POST', path, { token, json });
const listOf = async (token: string) =>
  ZNotifyAddressList.parse((await api.request('GET', '/api/users/me/notify-addresses', { token })).body).items;

/** The code of the newest mail to an address. */
async function codeMailedTo(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  return codeIn(last.text);
}

async function mainContent(token: string, name: string, notifyEmail: string) {
  const res = await fetch(`${api.baseUrl}/api/media/upload/main_content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm([toneFile(files.dir, 'upload.mp3', 1)], {
      friendly_names: JSON.stringify([name]),
      notify_when_ready: 'true',
      notify_email: notifyEmail,
    }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown };
}

/** What the transcribe job does at the end: the words stored, Ready, then the bell and the mail. */
async function transcribed(id: string): Promise<void> {
  const services = servicesFor(orm, testConfig(databaseUrl, { STORAGE_DIR: storage.dir }));
  const item = await services.transcripts.begin(id);
  if (!item) throw new Error('no upload');
  const transcript = { words: timedWords(['Welcome to the show.']), language: 'en', duration_s: 1 };
  const detection = detectIntents(transcript, DEFAULT_AUDIO_CLEANUP_SETTINGS);
  await services.transcripts.complete(item, { transcript, engine: 'supplied', realtimeFactor: null, detection });
}

describe('notification addresses', () => {
  const other = uniqueEmail('producer');

  it('an added address gets a code (a subject with no user text), and is refused for uploads until verified: no row, no mail', async () => {
    expect(await post('/api/users/me/notify-addresses', { email: other.toUpperCase() })).toMatchObject({
      status: 200,
      body: { email: other, own: false, verified: false },
    });
    const [codeMail] = await mailsTo(other);
    expect(codeMail?.subject).toBe(`Your Podcast Plus Plus code: ${codeIn(codeMail?.text ?? '')}`);
    expect(await listOf(a.token)).toEqual([
      expect.objectContaining({ own: true, verified: true }),
      { email: other, own: false, verified: false },
    ]);

    const before = await uploadsOf(a.id);
    const refused = await mainContent(a.token, 'Before verifying', other);
    expect(refused).toEqual({ status: 422, body: { detail: NOTIFY_ADDRESS_MESSAGES.notVerified, code: 'VALIDATION' } });
    expect(await uploadsOf(a.id)).toBe(before);
    expect(await mailsTo(other)).toHaveLength(1);
  });

  it('a wrong code is counted: five wrong tries at once use the code up, so the right one is refused; a new code verifies', async () => {
    const code = await codeMailedTo(other);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = await Promise.all(
      [1, 2, 3, 4, 5].map(() => post('/api/users/me/notify-addresses/verify', { email: other, code: wrong })),
    );
    expect(tries.map((res) => res.status)).toEqual([400, 400, 400, 400, 400]);
    expect(tries[0]?.body).toEqual({ detail: MESSAGES.invalidCode, code: 'INVALID_CODE' });
    expect(await post('/api/users/me/notify-addresses/verify', { email: other, code })).toMatchObject({ status: 400 });
    expect((await listOf(a.token)).find((item) => item.email === other)?.verified).toBe(false);

    expect((await post('/api/users/me/notify-addresses', { email: other })).status).toBe(200);
    const fresh = await codeMailedTo(other);
    expect(await post('/api/users/me/notify-addresses/verify', { email: other, code: wrong === fresh ? '222222' : wrong })).toMatchObject({
      status: 400,
    });
    expect(await post('/api/users/me/notify-addresses/verify', { email: other, code: fresh })).toMatchObject({
      status: 200,
      body: { email: other, own: false, verified: true },
    });
    expect((await listOf(a.token)).find((item) => item.email === other)?.verified).toBe(true);
  });

  it('user B cannot use or verify the address A verified, and does not see it', async () => {
    const before = await uploadsOf(b.id);
    expect(await mainContent(b.token, 'Borrowed', other)).toEqual({
      status: 422,
      body: { detail: NOTIFY_ADDRESS_MESSAGES.notVerified, code: 'VALIDATION' },
    });
    expect(await uploadsOf(b.id)).toBe(before);
    expect((await listOf(b.token)).map((item) => item.email)).not.toContain(other);
    const code = await codeMailedTo(other);
    expect(await post('/api/users/me/notify-addresses/verify', { email: other, code }, b.token)).toMatchObject({
      status: 404,
      body: { detail: NOTIFY_ADDRESS_MESSAGES.notFound },
    });
    expect((await api.request('DELETE', `/api/users/me/notify-addresses/${encodeURIComponent(other)}`, { token: b.token })).status).toBe(
      404,
    );
  });

  it('the ready mail goes to the verified address, its subject only the trimmed upload name; removed, the address is refused again', async () => {
    const stored = await mainContent(a.token, `  Weekly   show   with   friends ${'and more '.repeat(8)} `, other);
    expect(stored.status).toBe(201);
    const [item] = z.array(ZMediaItem.pick({ id: true })).parse(stored.body);
    await transcribed(item?.id ?? '');
    const ready = (await mailsTo(other)).filter((mail) => mail.subject.startsWith('Your upload'));
    expect(ready.map((mail) => mail.subject)).toEqual([
      'Your upload "Weekly show with friends and more and more and more and mor…" is ready',
    ]);

    expect((await api.request('DELETE', `/api/users/me/notify-addresses/${encodeURIComponent(other)}`, { token: a.token })).status).toBe(
      200,
    );
    expect(await mainContent(a.token, 'After removing', other)).toMatchObject({ status: 422 });
    expect((await listOf(a.token)).map((entry) => entry.email)).not.toContain(other);
  });

  it('the tRPC twins list, add and verify the same way, and refuse the own address and a wrong code', async () => {
    const third = uniqueEmail('trpc-notify');
    const client = api.trpc(a.token);
    await expect(client.notifyAddresses.add.mutate({ email: (await listOf(a.token))[0]?.email ?? '' })).rejects.toMatchObject({
      message: NOTIFY_ADDRESS_MESSAGES.ownAddress,
    });
    expect(ZNotifyAddress.parse(await client.notifyAddresses.add.mutate({ email: third }))).toEqual({
      email: third,
      own: false,
      verified: false,
    });
    const code = await codeMailedTo(third);
    const wrong = await client.notifyAddresses.verify
      .mutate({ email: third, code: code === '123456' ? '654321' : '123456' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(TRPCClientError);
    expect(await client.notifyAddresses.verify.mutate({ email: third, code })).toEqual({ email: third, own: false, verified: true });
    expect((await client.notifyAddresses.list.query()).items.map((entry) => entry.email)).toContain(third);
    expect((await api.trpc(b.token).notifyAddresses.list.query()).items.map((entry) => entry.email)).not.toContain(third);
  });
});
