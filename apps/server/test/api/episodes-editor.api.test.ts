/**
 * The manual editor over REST and tRPC with two users (spec 001 §4, §7): the finished audio behind
 * signed URLs with ranges, the edit context, manual cuts refused in the spec's words, and the
 * Flubber review's snippets; B gets 404 for everything of A's and changes nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EPISODE_MESSAGES, type TDetectionResult } from '@ppp/contracts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { errorOf } from '../support/http.ts';
import { toneFile } from '../support/audio-files.ts';
import { episodesBed, ZEpisodeJson } from './episodes-bed.ts';

const bed = episodesBed();

/** POST /api/episodes/{id}/manual-edit/commit as A unless another token is given. */
const commitCuts = (id: string, cuts: { start_ms: number; end_ms: number }[], token = bed.a.token) =>
  bed.api.request('POST', `/api/episodes/${id}/manual-edit/commit`, { token, json: { cuts } });

type SeededEdl = { duration_ms: number; content: { cuts: { start_ms: number; end_ms: number; reasons: string[] }[] } };

/** The EDL with intro (0-1 s), content (1-2.5 s) and outro segments around its content. */
function withSegments(edl: SeededEdl) {
  const file = { path: 'x', format: 'mp3', duration_ms: 1500 };
  const segment = (id: string, source: string, start_ms: number, duration_ms: number) => ({
    id,
    segment_type: id,
    source,
    title: id,
    file,
    start_ms,
    duration_ms,
  });
  return {
    ...edl,
    segments: [segment('intro', 'static', 0, 1000), segment('content', 'content', 1000, 1500), segment('outro', 'static', 2500, 500)],
    content: { ...edl.content, segment_id: 'content', pieces: [{ type: 'source', start_ms: 0, end_ms: 1500 }], mutes: [] },
    inserts: [],
  };
}

/** B cannot commit cuts to A's episode; A's cuts too short, past the end, or outside the recording are refused in the spec's words. */
async function expectCutsRefused(episodeId: string, edl: SeededEdl): Promise<void> {
  expect(errorOf(await commitCuts(episodeId, [{ start_ms: 0, end_ms: 500 }], bed.b.token)).status).toBe(404);

  const tooShort = errorOf(await commitCuts(episodeId, [{ start_ms: 100, end_ms: 119 }]));
  expect(tooShort).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.noCuts });
  const outside = errorOf(await commitCuts(episodeId, [{ start_ms: 3100, end_ms: 3500 }]));
  expect(outside).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.cutOutside });

  // With intro (0-1 s), content (1-2.5 s) and outro: a cut in the intro removes nothing of the recording and is refused.
  const shaped = withSegments(edl);
  await bed.orm.em.fork().nativeUpdate(EpisodeSchema, { id: episodeId }, { edl: shaped as never });
  const inIntro = errorOf(await commitCuts(episodeId, [{ start_ms: 200, end_ms: 600 }]));
  expect(inIntro).toMatchObject({ status: 422, detail: EPISODE_MESSAGES.cutOutsideContent });
  // One in the content gets past that check (this seeded episode has no recipe to render again: 409).
  const inContent = errorOf(await commitCuts(episodeId, [{ start_ms: 1200, end_ms: 1500 }]));
  expect(inContent.status).toBe(409);
  await bed.orm.em.fork().nativeUpdate(EpisodeSchema, { id: episodeId }, { edl: edl as never });
}

describe('audio and the manual editor’s context', () => {
  it('serves the finished audio by signed URL with ranges, and gives the edit context to the owner only', async () => {
    const audio = toneFile(bed.files.dir, 'final.mp3', 3);
    const episode = await bed.seedEpisode(bed.a.id, bed.showA, { durationMs: 3000 });
    const key = `users/${bed.a.id}/episodes/${episode.id}/final.mp3`;
    await bed.storage.putBytes(key, readFileSync(audio));
    const edl = {
      duration_ms: 3000,
      content: {
        cuts: [
          { start_ms: 100, end_ms: 400, reasons: ['manual'] },
          { start_ms: 900, end_ms: 1000, reasons: ['filler'] },
        ],
      },
    };
    await bed.orm.em.fork().nativeUpdate(EpisodeSchema, { id: episode.id }, { finalAudioKey: key, edl: edl as never });

    const dto = ZEpisodeJson.parse((await bed.api.request('GET', `/api/episodes/${episode.id}`, { token: bed.a.token })).body);
    expect(dto.editable).toBe(true);
    const ranged = await fetch(`${bed.api.baseUrl}${dto.playback_url}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect(
      (await fetch(`${bed.api.baseUrl}/api/episodes/${episode.id}/audio`, { headers: { authorization: `Bearer ${bed.b.token}` } })).status,
    ).toBe(404);

    const context = await bed.api.request('GET', `/api/episodes/${episode.id}/edit-context`, { token: bed.a.token });
    expect(context.status).toBe(200);
    const body = z
      .object({
        duration_ms: z.number(),
        existing_cuts: z.array(z.object({ start_ms: z.number(), end_ms: z.number() })),
        audio_url: z.string(),
      })
      .parse(context.body);
    expect(body.duration_ms).toBe(3000);
    expect(body.existing_cuts).toEqual([{ start_ms: 100, end_ms: 400 }]);
    expect((await fetch(`${bed.api.baseUrl}${body.audio_url}`)).status).toBe(200);
    expect(errorOf(await bed.api.request('GET', `/api/episodes/${episode.id}/edit-context`, { token: bed.b.token })).status).toBe(404);
    await expectCutsRefused(episode.id, edl);

    await bed.orm.em.fork().nativeUpdate(EpisodeSchema, { id: episode.id }, { assemblyStatus: 'queued' });
    const busy = errorOf(await bed.api.request('GET', `/api/episodes/${episode.id}/edit-context`, { token: bed.a.token }));
    expect(busy).toMatchObject({ status: 409, detail: EPISODE_MESSAGES.busyRendering });
    expect(ZEpisodeJson.parse((await bed.api.request('GET', `/api/episodes/${episode.id}`, { token: bed.a.token })).body).editable).toBe(
      false,
    );

    const unassembled = await bed.seedEpisode(bed.a.id, bed.showA);
    expect(errorOf(await bed.api.request('GET', `/api/episodes/${unassembled.id}/edit-context`, { token: bed.a.token })).status).toBe(425);
  });
});

/** A's episode from an 8-second upload whose detection found one Flubber marker with its retake. */
async function seedRetakeEpisode() {
  const source = toneFile(bed.files.dir, 'source.wav', 8);
  const em = bed.orm.em.fork();
  const detection: TDetectionResult = {
    flubber: {
      count: 1,
      matches: [
        {
          flubber_index: 0,
          word_index: 3,
          word_count: 1,
          text: 'flubber',
          start_s: 4,
          end_s: 4.4,
          score: 1,
          flubber_time_s: 4,
          flubber_end_s: 4.4,
          // A retake was matched: the cut starts where the flubbed take began.
          cut_start_s: 2.6,
          cut_end_s: 4.9,
          retake_found: true,
          retake_text: 'so we went',
        },
      ],
    },
    intern: { count: 0, matches: [] },
    sfx: { count: 0, matches: [] },
    fillers: { count: 0, matches: [] },
    pauses: { count: 0, matches: [] },
    censored: { count: 0, matches: [] },
  };
  const media = em.create(MediaItemSchema, {
    user: bed.a.id,
    category: 'main_content',
    friendlyName: 'Source',
    originalName: 'source.wav',
    filename: 'source.wav',
    storageKey: `users/${bed.a.id}/media/source/source.wav`,
    contentType: 'audio/wav',
    sizeBytes: 1,
    durationSeconds: 8,
    transcriptReady: true,
    detection,
    flubberCount: 1,
  } as never);
  await em.flush();
  await bed.storage.putBytes(`users/${bed.a.id}/media/source/source.wav`, readFileSync(source));
  const episode = await bed.seedEpisode(bed.a.id, bed.showA, { sourceMedia: media.id as never });
  return episode;
}

describe('manual Flubber review', () => {
  it('lists the source upload’s retakes with snippets after prepare, refuses an empty apply, and 404s for B', async () => {
    const episode = await seedRetakeEpisode();

    const before = await bed.api.trpc(bed.a.token).episodes.flubberContexts.query({ id: episode.id });
    expect(before.contexts).toHaveLength(1);
    expect(before.contexts[0]?.url).toBeNull();
    const prepared = await bed.api.request('POST', `/api/flubber/prepare/${episode.id}`, { token: bed.a.token });
    expect(prepared.status).toBe(200);
    const contexts = z
      .object({
        contexts: z.array(
          z.object({
            flubber_time_s: z.number(),
            url: z.string().nullable(),
            relative_flubber_ms: z.number(),
            snippet_start_s: z.number(),
            applied: z.boolean(),
          }),
        ),
      })
      .parse((await bed.api.request('GET', `/api/flubber/contexts/${episode.id}`, { token: bed.a.token })).body).contexts;
    // The snippet shows the whole proposed cut with 2 s either side: from 0.6 s, the marker 3.4 s in.
    expect(contexts[0]).toMatchObject({ flubber_time_s: 4, snippet_start_s: 0.6, relative_flubber_ms: 3400, applied: false });
    expect(before.contexts[0]).toMatchObject({ cut_start_s: 2.6, cut_end_s: 4.9, retake_found: true, retake_text: 'so we went' });
    const snippet = await fetch(`${bed.api.baseUrl}${contexts[0]?.url}`);
    expect(snippet.status).toBe(200);
    expect(snippet.headers.get('content-type')).toBe('audio/mpeg');

    const none = errorOf(await bed.api.request('POST', `/api/flubber/apply/${episode.id}`, { token: bed.a.token, json: [] }));
    expect(none).toMatchObject({ status: 422, detail: 'No cuts selected' });
    expect(errorOf(await bed.api.request('GET', `/api/flubber/contexts/${episode.id}`, { token: bed.b.token })).status).toBe(404);
    expect(errorOf(await bed.api.request('POST', `/api/flubber/prepare/${episode.id}`, { token: bed.b.token })).status).toBe(404);
    expect(
      errorOf(
        await bed.api.request('POST', `/api/flubber/apply/${episode.id}`, { token: bed.b.token, json: [{ start_s: 3.25, end_s: 4.25 }] }),
      ).status,
    ).toBe(404);
  });
});
