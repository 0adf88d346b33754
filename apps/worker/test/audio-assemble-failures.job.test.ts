/**
 * audio.assemble's failures as the creator meets them: a failed render gives its minutes and episode
 * back once (issue 35), and retried on the same episode is charged again once (another user's retry
 * 404); a clip deleted before its render ran is recorded as a readable error without a retry, and
 * credited back too.
 */
import { renameSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSEMBLY_MESSAGES, ZAssembleEpisodeRequest } from '@ppp/contracts';
import { MediaItemSchema } from '../../server/src/domain/media/media-item.entity.ts';
import { registerAccount, uniqueEmail } from '@ppp/server/test-support';
import { assembleBed } from './support/assemble-bed.ts';

const bed = assembleBed();
const { services, user, sql, stored, waitForJob, accept, content, assemble, logs } = bed;

/** The kinds of charge made for an episode, oldest first. */
const charges = (id: string) =>
  sql<{ kind: string; minutes: number }>('select kind, minutes from usage_charges where episode_id = ? order by created_at', [id]);

/** The user's minutes used and episodes this month. */
async function usage() {
  const u = await services().usage.usage(await user());
  return { minutes: u.minutes_used, episodes: u.episodes_used_this_month };
}

/** Assembled while the upload's file is away: the render fails with its reason, charged as queued. */
async function failedRender(uploadId: string, file: string, title: string) {
  renameSync(file, `${file}.away`);
  const jobId = await assemble(uploadId, title);
  const status = await waitForJob(jobId);
  renameSync(`${file}.away`, file);
  expect(status).toMatchObject({ status: 'error', episode: { status: 'error', final_audio_url: null } });
  expect(status.error).toBe(ASSEMBLY_MESSAGES.renderFailed('one of its audio files could not be read'));
  expect(await services().assembly.episodeStatus(await user(), status.episode_id)).toMatchObject({ status: 'error', job_id: jobId });
  return { jobId, id: status.episode_id };
}

/** Retried from Episode History (a second click refused while it renders) until it is processed by a new job. */
async function retriedRender(id: string, oldJobId: string) {
  expect(await services().episodes.retry(await user(), id)).toEqual({ id, status: 'processing' });
  // A second click while it renders changes nothing.
  await expect(services().episodes.retry(await user(), id)).rejects.toMatchObject({ code: 'CONFLICT' });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const status = await services().assembly.episodeStatus(await user(), id);
    if (status.status === 'processed') {
      expect(status.job_id).not.toBe(oldJobId);
      expect(status.episode?.final_audio_url).toBeTruthy();
      return;
    }
    if (status.status === 'error' || Date.now() > deadline) throw new Error(`${JSON.stringify(status)}\n${logs.join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('audio.assemble: a failed render retried', () => {
  it("retries a render that failed (its upload's file gone from storage) on the same episode: charged once, credited minutes charged again once, another user's retry 404", async () => {
    const { wav, transcript } = content('retry', 0);
    const upload = await accept(wav, 'main_content', 'Retry episode', transcript);
    const file = stored((await bed.orm.em.fork().findOneOrFail(MediaItemSchema, { id: upload.id })).storageKey);
    const before = await usage();

    const first = await failedRender(upload.id, file, 'Retried once');
    // Nothing is charged for what could not be rendered (issue 35): the minutes and the episode came back, once
    // (the worker credits right after it records the failure).
    await expect.poll(() => usage(), { timeout: 10_000 }).toEqual(before);
    expect((await charges(first.id)).map((c) => c.kind)).toEqual(['assembly', 'credit']);
    expect(await services().usage.creditFailedRender(first.id)).toBe(0);
    expect(await usage()).toEqual(before);
    const email = uniqueEmail('stranger');
    await registerAccount(services(), email);
    const stranger = await services().users.getById(
      (await sql<{ id: string }>('select id from users where email = ?', [email]))[0]?.id ?? '',
    );
    await expect(services().episodes.retry(stranger, first.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(services().assembly.episodeStatus(stranger, first.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await retriedRender(first.id, first.jobId);
    // The same episode, rendered; the retry charged the credited minutes again, once.
    expect((await sql('select id from episodes where user_id = ? and title = ?', [bed.userId, 'Retried once'])).length).toBe(1);
    const charged = await usage();
    expect(charged.episodes).toBe(before.episodes + 1);
    expect(charged.minutes).toBeGreaterThan(before.minutes);
    expect((await charges(first.id)).map((c) => c.kind)).toEqual(['assembly', 'credit', 'assembly']);
    await expect(services().episodes.retry(await user(), first.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await usage()).toEqual(charged);
  }, 240_000);
});

describe('audio.assemble: a clip deleted before its render', () => {
  it('records a clip deleted before its render ran as a readable error on the episode, without retrying', async () => {
    // The assemble call refuses a missing clip before any charge (issue 19), so here the clip goes while
    // the episode waits for its retry: the first render fails on its upload's file being away, the
    // episode's own outro clip is then deleted, and the retry's render meets it missing.
    const { wav, transcript } = content('orphan', 0);
    const upload = await accept(wav, 'main_content', 'Orphan episode', transcript);
    const doomed = await accept(path.join(bed.files.dir, 'outro.wav'), 'outro', 'Doomed outro');
    const file = stored((await bed.orm.em.fork().findOneOrFail(MediaItemSchema, { id: upload.id })).storageKey);
    renameSync(file, `${file}.away`);
    const queued = await services().assembly.assemble(
      await user(),
      ZAssembleEpisodeRequest.parse({
        template_id: bed.templateId,
        media_id: upload.id,
        episode_details: { title: 'Orphan', description: 'A generated episode', episodeNumber: 7 },
        segment_sources: { outro: { source_type: 'static', media_id: doomed.id } },
      }),
    );
    expect((await waitForJob(queued.job_id)).status).toBe('error');
    renameSync(`${file}.away`, file);
    await services().media.delete(await user(), doomed.id);
    await services().episodes.retry(await user(), queued.episode_id);
    const deadline = Date.now() + 120_000;
    let status = await services().assembly.episodeStatus(await user(), queued.episode_id);
    while (status.job_id === queued.job_id || status.status !== 'error') {
      if (status.status === 'processed' || Date.now() > deadline) throw new Error(`${JSON.stringify(status)}\n${logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 250));
      status = await services().assembly.episodeStatus(await user(), queued.episode_id);
    }
    const jobId = status.job_id;
    await expect
      .poll(async () => (await bed.worker?.boss.getJobById('audio.assemble', jobId))?.state, { timeout: 10_000 })
      .toBe('completed');
    expect((await bed.worker?.boss.getJobById('audio.assemble', jobId))?.retryCount).toBe(0);
    expect(status).toMatchObject({ status: 'error', episode: { status: 'error', final_audio_url: null } });
    expect(status.error).toBe(ASSEMBLY_MESSAGES.staticMissing(doomed.filename));
    // Both failed renders (the upload away, then the clip deleted) gave their charge back, each once.
    await expect
      .poll(async () => (await charges(queued.episode_id)).map((c) => c.kind), { timeout: 10_000 })
      .toEqual(['assembly', 'credit', 'assembly', 'credit']);
  }, 180_000);
});
