/**
 * 'Re-render episodes made with this template' over REST and tRPC with two users: the count the
 * confirm dialog shows (GET /api/templates/{id}/rerender), then the re-render itself, which plans
 * each assembled episode again with the template as it is now (its new outro clip) and keeps the
 * episode's own choices; no minutes are charged. No worker runs here: jobs stay queued (the worker's
 * suite renders them and measures the new file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ZRerenderTemplatePreview, type TTemplateBodyInput } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir, toneFile } from '../support/audio-files.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { errorOf, twoUsers, type TestServer } from '../support/http.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { ZEpisodeRecipe } from '../../src/domain/episodes/assembly-recipe.ts';

let orm: MikroORM;
let api: TestServer;
let a: { token: string; id: string };
let b: { token: string; id: string };
let showId = '';
let templateId = '';
const storage = tempDir('ppp-rerender-storage-');
const files = tempDir('ppp-rerender-files-');

const sql = <T extends object>(query: string, params: unknown[] = []) => orm.em.getConnection().execute<T[]>(query, params);

function templateBody(outro: string): TTemplateBodyInput {
  return {
    name: 'Weekly',
    podcast_id: showId,
    segments: [
      { id: 'intro', segment_type: 'intro', source: { source_type: 'tts', text_prompt: 'Welcome back.', voice_id: 'espeak:en-us' } },
      { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      { id: 'outro', segment_type: 'outro', source: { source_type: 'static', filename: outro } },
    ],
  };
}

/** The creator's own choices, as an assembly stored them. */
const choices = {
  tts_values: { intro: 'Welcome to episode nine.' },
  flubber_indices: [0],
  flubber_cuts_ms: [{ start_ms: 1000, end_ms: 2500 }],
  manual_cuts: [{ start_ms: 9000, end_ms: 9400 }],
  intern_answers: [{ intern_index: 0, text: 'Forty-two.' }],
  sfx_choices: [],
  cleanup: {},
};

/** An episode of A's made with the template: its recipe snapshots the template as it was (the old outro). */
async function seedEpisode(title: string, state: { finalAudio: boolean; assemblyStatus: string }): Promise<string> {
  const em = orm.em.fork();
  const template = (await api.request('GET', `/api/templates/${templateId}`, { token: a.token })).body as {
    name: string;
    segments: unknown[];
  };
  const episode = em.create(EpisodeSchema, {
    user: a.id,
    podcast: showId,
    templateId,
    title,
    status: state.finalAudio ? 'processed' : 'pending',
    finalAudioKey: state.finalAudio ? `users/${a.id}/episodes/${title}.mp3` : null,
    assemblyStatus: state.assemblyStatus,
    assembly: ZEpisodeRecipe.parse({
      version: 1,
      template: {
        id: templateId,
        name: template.name,
        segments: template.segments,
        background_music_rules: [],
        timing: { content_start_offset_s: 0, outro_start_offset_s: 0 },
      },
      media_id: 'upload-1',
      ...choices,
    }),
  });
  await em.flush();
  return episode.id;
}

beforeAll(async () => {
  ({ orm, api } = await startApiBed({ STORAGE_DIR: storage.dir }));
  const users = await twoUsers(api);
  const [row] = await sql<{ id: string }>('select id from users where email = ?', [users.admin.email]);
  a = { token: users.admin.token, id: row?.id ?? '' };
  b = { token: users.user.token, id: users.user.id };
  const em = orm.em.fork();
  showId = em.create(PodcastSchema, { user: a.id, name: 'Re-render Show' }).id;
  // Real clips in storage: a template naming a file the creator does not have is refused (issue 19).
  const disk = new LocalStorage(storage.dir);
  for (const [filename, seconds] of [
    ['outro-short.wav', 2],
    ['outro-long.wav', 2],
  ] as const) {
    await disk.putFile(`users/${a.id}/media/${filename}`, toneFile(files.dir, filename, seconds));
    em.create(MediaItemSchema, {
      user: a.id,
      category: 'outro',
      friendlyName: filename,
      originalName: filename,
      filename,
      storageKey: `users/${a.id}/media/${filename}`,
      contentType: 'audio/wav',
      sizeBytes: 1000,
      durationSeconds: seconds,
    });
  }
  await em.flush();
  const created = await api.request('POST', '/api/templates/', { token: a.token, json: templateBody('outro-short.wav') });
  expect(created.status).toBe(201);
  templateId = z.object({ id: z.string() }).parse(created.body).id;
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  storage.remove();
  files.remove();
});

describe("'Re-render episodes made with this template'", () => {
  let done = '';

  it('counts the assembled episodes for the confirm dialog; another user gets 404', async () => {
    const empty = await api.request('GET', `/api/templates/${templateId}/rerender`, { token: a.token });
    expect(empty).toMatchObject({ status: 200, body: { template_id: templateId, rerenderable: 0, skipped: 0, uses_minutes: false } });

    done = await seedEpisode('assembled', { finalAudio: true, assemblyStatus: 'done' });
    await seedEpisode('rendering', { finalAudio: true, assemblyStatus: 'processing' });
    await seedEpisode('first-render-queued', { finalAudio: false, assemblyStatus: 'queued' });
    const preview = await api.request('GET', `/api/templates/${templateId}/rerender`, { token: a.token });
    expect(ZRerenderTemplatePreview.parse(preview.body)).toEqual({
      template_id: templateId,
      rerenderable: 1,
      skipped: 2,
      uses_minutes: false,
    });
    expect(await api.trpc(a.token).assembly.rerenderTemplatePreview.query({ id: templateId })).toEqual(preview.body);

    expect(errorOf(await api.request('GET', `/api/templates/${templateId}/rerender`, { token: b.token }))).toMatchObject({ status: 404 });
    await expect(api.trpc(b.token).assembly.rerenderTemplatePreview.query({ id: templateId })).rejects.toMatchObject({
      data: { appCode: 'NOT_FOUND' },
    });
    expect(errorOf(await api.request('GET', '/api/templates/not-a-uuid/rerender', { token: a.token })).status).toBe(404);
  });

  it("queues the assembled one with the template's current outro and the episode's own choices, charging nothing", async () => {
    const changed = await api.request('PUT', `/api/templates/${templateId}`, { token: a.token, json: templateBody('outro-long.wav') });
    expect(changed.status).toBe(200);
    // Another user can neither re-render it nor see a change.
    expect(errorOf(await api.request('POST', `/api/templates/${templateId}/rerender`, { token: b.token }))).toMatchObject({ status: 404 });
    expect((await orm.em.fork().findOneOrFail(EpisodeSchema, { id: done })).assemblyStatus).toBe('done');

    const res = await api.request('POST', `/api/templates/${templateId}/rerender`, { token: a.token });
    expect(res.status).toBe(200);
    const body = res.body as { queued: { episode_id: string; job_id: string }[]; skipped: number };
    expect(body.queued.map((q) => q.episode_id)).toEqual([done]);
    expect(body.skipped).toBe(2);

    const row = await orm.em.fork().findOneOrFail(EpisodeSchema, { id: done });
    expect(row.assemblyStatus).toBe('queued');
    expect(row.assemblyJobId).toBe(body.queued[0]?.job_id);
    const recipe = row.assembly as Record<string, unknown> & { template: { segments: { id: string; source: { filename?: string } }[] } };
    expect(recipe.template.segments.find((s) => s.id === 'outro')?.source.filename).toBe('outro-long.wav');
    expect(recipe).toMatchObject(choices);
    const [job] = await sql<{ data: { episode_id: string; reason: string } }>('select data from pgboss.job where id = ?', [
      body.queued[0]?.job_id,
    ]);
    expect(job?.data).toEqual({ episode_id: done, reason: 'template' });
    expect(await sql('select * from usage_charges where user_id = ?', [a.id])).toEqual([]);
    // Now rendering: the dialog's count says so, and a second click queues nothing.
    expect((await api.request('GET', `/api/templates/${templateId}/rerender`, { token: a.token })).body).toMatchObject({
      rerenderable: 0,
      skipped: 3,
    });
    expect((await api.request('POST', `/api/templates/${templateId}/rerender`, { token: a.token })).body).toMatchObject({
      queued: [],
      skipped: 3,
    });
  });
});
