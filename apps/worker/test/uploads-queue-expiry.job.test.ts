/**
 * uploads.queue-expiry through pg-boss on a real PostgreSQL, with two creators on different plans
 * (Free holds unused uploads 7 days, Pro 30): the free creator's unused upload of 10 days ago is
 * announced once (bell and mail) and removed, row and files, only when the notice period is over;
 * the Pro creator's upload of the same age, the free creator's upload an episode uses and their
 * recent upload stay. Running again changes nothing and tells nobody twice.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_STORAGE, QUEUE_STORAGE_MESSAGES } from '@ppp/contracts';
import { LocalStorage, mediaKey } from '@ppp/server/domain';
import { MediaItemSchema } from '../../server/src/domain/media/media-item.entity.ts';
import { EpisodeSchema } from '../../server/src/domain/episodes/episode.entity.ts';
import { workerBed } from './support/worker-bed.ts';

const DAY_MS = 86_400_000;

const bed = workerBed({ name: 'ppp-queue-expiry' });
const { services, sql, logs } = bed;

const creator = (label: string, tier: string) => bed.newUser(label, tier);

/** A stored main-content upload (its original in the storage folder) uploaded `daysAgo`. */
async function upload(userId: string, name: string, daysAgo: number): Promise<{ id: string; file: string }> {
  const em = bed.orm.em.fork();
  const item = em.create(MediaItemSchema, {
    user: userId,
    category: 'main_content',
    friendlyName: name,
    originalName: `${name}.wav`,
    filename: `${name}.wav`,
    storageKey: '',
    contentType: 'audio/wav',
    sizeBytes: 4,
    durationSeconds: 60,
    createdAt: new Date(Date.now() - daysAgo * DAY_MS),
  });
  item.storageKey = mediaKey(userId, item.id, 'original.wav');
  await new LocalStorage(bed.storage.dir).putBytes(item.storageKey, Buffer.from('RIFF'));
  await em.flush();
  return { id: item.id, file: path.join(bed.storage.dir, item.storageKey) };
}

/** One run through pg-boss, waited for; a failed run fails the test with its error. */
async function runJob(): Promise<void> {
  const job = await bed.runJobOnce('uploads.queue-expiry');
  expect(job?.state, JSON.stringify(job?.output)).toBe('completed');
}

/** The last line this job logged (the worker's schedules log too). */
const lastRun = () => logs.filter((line) => line.startsWith('uploads.queue-expiry:')).at(-1);
const uploadIds = async (userId: string) =>
  (await sql<{ id: string }>('select id from media_items where user_id = ? order by created_at', [userId])).map((r) => r.id);
const notices = (userId: string) => services().notifications.findForUser({ id: userId });
const mails = (email: string) => services().mail.findOutbox({ to: email, limit: 10 });

beforeAll(async () => {
  await creator('first', 'unlimited');
});

describe('uploads.queue-expiry', () => {
  it("tells the free creator once, then removes only their unused upload past Free's 7 days", async () => {
    const free = await creator('free', 'free');
    const pro = await creator('pro', 'pro');
    const expired = await upload(free.id, 'Old interview', 10);
    const used = await upload(free.id, 'Used take', 10);
    const recent = await upload(free.id, 'Fresh take', 1);
    const proOld = await upload(pro.id, 'Pro interview', 10);
    const podcastId = await bed.show(free.id, 'Free Show', null);
    const em = bed.orm.em.fork();
    em.create(EpisodeSchema, { user: free.id, podcast: podcastId, title: 'Made from the take', sourceMedia: used.id });
    await em.flush();

    // First run: the notice, nothing removed (the creator has the notice period to act).
    await runJob();
    expect(lastRun()).toBe('uploads.queue-expiry: 1 notices sent, 0 unused uploads removed');
    const [notice, ...more] = await notices(free.id);
    expect(more).toEqual([]);
    expect(notice?.title).toBe(QUEUE_STORAGE_MESSAGES.noticeTitle);
    expect(notice?.body).toMatch(
      /^"Old interview" has not been used in an episode\. The Free plan keeps unused uploads for 7 days, so it will be removed on \w+ \d{1,2}, \d{4}\. Use it in an episode before then to keep it\.$/,
    );
    const removeOn = new Date(Date.parse(notice!.created_at.toString()) + QUEUE_STORAGE.noticeDays * DAY_MS);
    expect(notice?.body).toBe(QUEUE_STORAGE_MESSAGES.notice({ name: 'Old interview', planName: 'Free', heldDays: 7, removeOn }));
    expect((await mails(free.email)).filter((m) => m.subject === QUEUE_STORAGE_MESSAGES.noticeTitle).map((m) => m.text)).toEqual([
      notice?.body,
    ]);
    expect(await uploadIds(free.id)).toEqual([expired.id, used.id, recent.id]);
    expect(existsSync(expired.file)).toBe(true);

    // Again at once: no second notice, still nothing removed.
    await runJob();
    expect(lastRun()).toBe('uploads.queue-expiry: 0 notices sent, 0 unused uploads removed');

    // The notice period is over: only the free creator's unused old upload goes, row and files.
    await sql(`update notifications set created_at = now() - interval '3 days' where user_id = ?`, [free.id]);
    await runJob();
    expect(lastRun()).toBe('uploads.queue-expiry: 0 notices sent, 1 unused uploads removed');
    expect(await uploadIds(free.id)).toEqual([used.id, recent.id]);
    expect(existsSync(path.dirname(expired.file))).toBe(false);
    expect([existsSync(used.file), existsSync(recent.file), existsSync(proOld.file)]).toEqual([true, true, true]);
    expect(await uploadIds(pro.id)).toEqual([proOld.id]);
    expect(await notices(pro.id)).toEqual([]);
    expect(await notices(free.id)).toHaveLength(1);
    expect((await mails(free.email)).filter((m) => m.subject === QUEUE_STORAGE_MESSAGES.noticeTitle)).toHaveLength(1);

    await runJob();
    expect(lastRun()).toBe('uploads.queue-expiry: 0 notices sent, 0 unused uploads removed');
    expect(await uploadIds(free.id)).toEqual([used.id, recent.id]);
  });
});
