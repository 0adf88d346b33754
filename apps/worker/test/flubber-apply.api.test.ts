/**
 * POST /api/flubber/apply/{episodeId} through the real HTTP stack (REST, two users), with a worker
 * on the same database doing the re-render (issue 7; spec 000 §7, spec 001 §4). An upload of
 * espeak-ng speech with a supplied transcript holding one retake marker ('flubber' at 6 s) is
 * assembled without cutting it; applying the spec's range for that marker (-0.75 s to +0.25 s)
 * answers removed_ms 1000 and cleaned_audio_new, the episode renders again, and the new file decodes
 * 1 s shorter than the first (within 50 ms) and the context reads as applied. User B gets 404 for
 * the same call, before and after, and changes nothing: no job, the same recipe, the same file.
 * The finished file also downloads under the output_filename sent at assemble.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZFlubberApplyResponse, ZFlubberContexts, type TAssembleEpisodeRequestInput } from '@ppp/contracts';
import { uploadForm } from '@ppp/server/test-support';
import { EpisodeSchema } from '../../server/src/domain/episodes/episode.entity.ts';
import { errorOf, twoUsers } from '../../server/test/support/http.ts';
import { decodedMs, spokenSlots } from './support/spoken-slots.ts';
import { assembleRendered, transcribed } from './support/api-flow.ts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-flubber-apply', api: true, env: () => ({ TTS_ENGINES: 'espeak' }) });
const { request, sql, waitFor } = bed;
let a = '';
let b = '';

const SLOT = 3;
const PHRASES = ['welcome to the show', 'this take went wrong', 'flubber', 'this is the better take', 'thanks for listening'];
const MARKER_S = 2 * SLOT;
const OUTPUT_FILENAME = 'retake-test.mp3';
const assembleJobs = async (episodeId: string) =>
  Number(
    (
      await sql<{ n: string }>("select count(*) as n from pgboss.job where name = 'audio.assemble' and data->>'episode_id' = ?", [
        episodeId,
      ])
    )[0]?.n,
  );

/** The episode's audio as its owner's signed playback URL serves it: the file's length and its download name. */
async function finalAudio(episodeId: string, name: string): Promise<{ ms: number; disposition: string | null }> {
  const episode = z.object({ playback_url: z.string() }).parse((await request(a, 'GET', `/api/episodes/${episodeId}`)).body);
  const res = await fetch(`${bed.api.baseUrl}${episode.playback_url}`);
  expect(res.status).toBe(200);
  const file = path.join(bed.files.dir, name);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return { ms: decodedMs(file), disposition: res.headers.get('content-disposition') };
}

const speech = () => spokenSlots({ dir: bed.files.dir, name: 'retakes', phrases: PHRASES, slotSeconds: SLOT, sampleRate: 44100 });

/** A show, a content-only template and a transcribed upload of A's, all through the API; the episode assembled as a draft, retake kept. */
async function assembledEpisode(): Promise<string> {
  const show = new FormData();
  show.append('name', 'Retake Radio');
  show.append('description', 'A show with second takes.');
  const created = await fetch(`${bed.api.baseUrl}/api/podcasts/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a}` },
    body: show,
  });
  expect(created.status).toBe(201);
  const podcastId = z.object({ id: z.string() }).parse(await created.json()).id;
  const template = await request(a, 'POST', '/api/templates/', {
    name: 'Talk only',
    podcast_id: podcastId,
    segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
  });
  expect(template.status, template.text).toBe(201);

  const { wav, transcript } = speech();
  const uploaded = await fetch(`${bed.api.baseUrl}/api/media/upload/main_content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a}` },
    body: uploadForm([wav], { friendly_names: JSON.stringify(['Retakes']) }, { transcript }),
  });
  expect(uploaded.status).toBe(201);
  const [item] = z.array(z.object({ id: z.string(), filename: z.string() })).parse(await uploaded.json());
  if (!item) throw new Error('not uploaded');
  await transcribed(bed.api, a, item.id);

  const body: TAssembleEpisodeRequestInput = {
    template_id: z.object({ id: z.string() }).parse(template.body).id,
    main_content_filename: item.filename,
    output_filename: OUTPUT_FILENAME,
    episode_details: { title: 'Retakes, kept', episodeNumber: 1 },
    intents: { flubber: 'no', intern: 'no', sfx: 'no' },
    // Only the applied retake changes the length.
    cleanup: { removePauses: false, removeFillers: false, censorEnabled: false },
  };
  return assembleRendered(bed.api, a, body);
}

beforeAll(async () => {
  const users = await twoUsers(bed.api);
  a = users.admin.token;
  b = users.user.token;
}, 120_000);

describe('applying a retake to an assembled episode', () => {
  it('cuts the marker -0.75 s to +0.25 s: removed_ms 1000, a new render 1 s shorter on the file; B gets 404 and changes nothing', async () => {
    const episodeId = await assembledEpisode();
    const first = await finalAudio(episodeId, 'first.mp3');
    expect(Math.abs(first.ms - PHRASES.length * SLOT * 1000)).toBeLessThanOrEqual(50);
    expect(first.disposition).toBe(`inline; filename="${OUTPUT_FILENAME}"`);

    const prepared = ZFlubberContexts.parse((await request(a, 'POST', `/api/flubber/prepare/${episodeId}`)).body);
    expect(prepared.contexts).toEqual([expect.objectContaining({ flubber_index: 0, flubber_time_s: MARKER_S, applied: false })]);
    const cut = [{ start_s: MARKER_S - 0.75, end_s: MARKER_S + 0.25 }];

    // B: the same call on A's episode is a 404, and nothing moves.
    const recipe = (await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: episodeId })).assembly;
    const jobsBefore = await assembleJobs(episodeId);
    expect(errorOf(await request(b, 'POST', `/api/flubber/apply/${episodeId}`, cut)).status).toBe(404);
    expect(await assembleJobs(episodeId)).toBe(jobsBefore);
    expect(await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: episodeId })).toMatchObject({
      assembly: recipe,
      assemblyStatus: 'done',
    });

    const applied = await request(a, 'POST', `/api/flubber/apply/${episodeId}`, cut);
    expect(applied.status, applied.text).toBe(200);
    expect(ZFlubberApplyResponse.parse(applied.body)).toMatchObject({ removed_ms: 1000, cleaned_audio_new: true, status: 'queued' });
    const rendered = await waitFor(
      () => bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: episodeId }),
      (e) => e.assemblyStatus === 'done' || e.assemblyStatus === 'error',
    );
    expect(rendered).toMatchObject({ assemblyStatus: 'done', errorMessage: null });
    expect(rendered.assembly?.manual_cuts).toEqual([{ start_ms: 5250, end_ms: 6250 }]);

    const second = await finalAudio(episodeId, 'second.mp3');
    console.log(`flubber apply: ${first.ms} ms before, ${second.ms} ms after (1000 ms cut)`);
    expect(Math.abs(first.ms - second.ms - 1000)).toBeLessThanOrEqual(50);
    expect(rendered.durationMs).toBeDefined();
    expect(Math.abs((rendered.durationMs ?? 0) - second.ms)).toBeLessThanOrEqual(50);
    const after = ZFlubberContexts.parse((await request(a, 'GET', `/api/flubber/contexts/${episodeId}`)).body);
    expect(after.contexts[0]).toMatchObject({ flubber_index: 0, applied: true });

    // And once applied, B still reads nothing and queues nothing.
    const jobsAfter = await assembleJobs(episodeId);
    expect(errorOf(await request(b, 'POST', `/api/flubber/apply/${episodeId}`, [{ start_s: 1, end_s: 2 }])).status).toBe(404);
    expect(errorOf(await request(b, 'GET', `/api/flubber/contexts/${episodeId}`)).status).toBe(404);
    expect(await assembleJobs(episodeId)).toBe(jobsAfter);
    expect((await bed.orm.em.fork().findOneOrFail(EpisodeSchema, { id: episodeId })).assembly?.manual_cuts).toEqual([
      { start_ms: 5250, end_ms: 6250 },
    ]);
  }, 240_000);
});
