/**
 * POST /api/admin/seed through the real HTTP stack with a worker on the same database (issue 16):
 * the admin gets a demo show, a template (intro clip, content, outro clip) and a spoken upload
 * whose supplied transcript makes it ready in seconds; an episode is assembled from them at once
 * through the Episode Creator's call, and its file is as long as intro + upload + outro. A second
 * seed (REST or tRPC) makes nothing new. The demo show is the admin's own: the creator does not see it.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { probeAudio } from '@ppp/audio';
import { z } from 'zod';
import { DEV_TOOLS, ZSeedResult, type TAssembleEpisodeRequestInput } from '@ppp/contracts';
import { twoUsers } from '../../server/test/support/http.ts';
import { assembleRendered, transcribed } from './support/api-flow.ts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-admin-seed', api: true, env: () => ({ TTS_ENGINES: 'espeak' }) });
const { request } = bed;
let admin = '';
let creator = '';

const ZMedia = z
  .object({ id: z.string(), filename: z.string(), category: z.string(), duration_seconds: z.number().nullish() })
  .passthrough();

const count = async (table: string) =>
  Number(z.object({ n: z.string() }).parse((await bed.sql(`select count(*) as n from ${table}`))[0]).n);

async function probeSeconds(bytes: Buffer): Promise<number> {
  const file = path.join(bed.storage.dir, 'downloaded.mp3');
  writeFileSync(file, bytes);
  return (await probeAudio(file, { measure: true })).durationSeconds;
}

beforeAll(async () => {
  const users = await twoUsers(bed.api);
  admin = users.admin.token;
  creator = users.user.token;
}, 120_000);

describe('seeding a demo show', () => {
  it('makes a show, template and upload an episode is assembled from at once; seeding again makes nothing new', async () => {
    const seeded = await request(admin, 'POST', '/api/admin/seed');
    expect(seeded.status, seeded.text).toBe(200);
    const seed = ZSeedResult.parse(seeded.body);
    expect(seed.created).toBe(true);

    const show = z
      .object({ name: z.string() })
      .passthrough()
      .parse((await request(admin, 'GET', `/api/podcasts/${seed.podcast_id}`)).body);
    expect(show.name).toBe(DEV_TOOLS.demoShowName);
    const template = z
      .object({ podcast_id: z.string(), segments: z.array(z.object({ segment_type: z.string() }).passthrough()) })
      .passthrough()
      .parse((await request(admin, 'GET', `/api/templates/${seed.template_id}`)).body);
    expect(template.podcast_id).toBe(seed.podcast_id);
    expect(template.segments.map((s) => s.segment_type)).toEqual(['intro', 'content', 'outro']);
    const library = z.array(ZMedia).parse((await request(admin, 'GET', '/api/media/')).body);
    expect(library.map((m) => m.category).sort()).toEqual(['intro', 'outro']);
    const uploads = z.array(ZMedia).parse((await request(admin, 'GET', '/api/media/main-content')).body);
    const upload = uploads.find((m) => m.filename === seed.main_content_filename);
    if (!upload) throw new Error('the seeded upload is not in the library');

    // The supplied transcript makes it ready without a transcription engine.
    const ready = await transcribed(bed.api, admin, upload.id);
    expect(ready).toMatchObject({ transcript_ready: true, status: 'ready' });

    const body: TAssembleEpisodeRequestInput = {
      template_id: seed.template_id,
      main_content_filename: seed.main_content_filename,
      output_filename: 'demo.mp3',
      episode_details: { title: 'Demo episode', episodeNumber: 1 },
      intents: { flubber: 'no', intern: 'no', sfx: 'no' },
      cleanup: { removePauses: false, removeFillers: false, censorEnabled: false },
    };
    const episode_id = await assembleRendered(bed.api, admin, body);
    const episode = z
      .object({ podcast_id: z.string(), playback_url: z.string() })
      .passthrough()
      .parse((await request(admin, 'GET', `/api/episodes/${episode_id}`)).body);
    expect(episode.podcast_id).toBe(seed.podcast_id);
    // The file holds the intro, the upload and the outro: longer than the upload alone.
    const file = await fetch(`${bed.api.baseUrl}${episode.playback_url}`);
    expect(file.status).toBe(200);
    const seconds = await probeSeconds(Buffer.from(await file.arrayBuffer()));
    const parts = [upload, ...library].map((m) => m.duration_seconds ?? 0);
    const expected = parts.reduce((sum, d) => sum + d, 0);
    expect(Math.min(...parts)).toBeGreaterThan(1);
    expect(Math.abs(seconds - expected)).toBeLessThan(1.5);

    // Seeding again: the same ids, nothing new (REST and tRPC).
    const shows = await count('podcasts');
    const media = await count('media_items');
    const templates = await count('templates');
    expect(ZSeedResult.parse((await request(admin, 'POST', '/api/admin/seed')).body)).toEqual({ ...seed, created: false });
    const again = await fetch(`${bed.api.baseUrl}/trpc/admin.seed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ json: null }),
    });
    expect(again.status).toBe(200);
    expect(z.object({ result: z.object({ data: z.object({ json: ZSeedResult }) }) }).parse(await again.json()).result.data.json).toEqual({
      ...seed,
      created: false,
    });
    expect([await count('podcasts'), await count('media_items'), await count('templates')]).toEqual([shows, media, templates]);

    // The demo show is the admin's: the creator's lists do not hold it.
    const creatorShows = JSON.stringify((await request(creator, 'GET', '/api/podcasts/')).body);
    expect(creatorShows).not.toContain(seed.podcast_id);
    expect((await request(creator, 'GET', `/api/templates/${seed.template_id}`)).status).toBe(404);
  });
});
