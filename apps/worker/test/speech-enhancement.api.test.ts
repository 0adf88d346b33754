/**
 * Issue 33, speech enhancement through the real HTTP stack with a worker on the same database: with
 * the cleanup option on, an upload of espeak-ng speech under white noise is cleaned before it is
 * transcribed (the enhanced copy is kept beside it, exactly as long as the original, its noise floor
 * far lower), the A/B preview serves the same 15 s as recorded and as enhanced with what was done,
 * and the episode is rendered from the cleaned audio (its speech stands much further above its
 * noise than the upload's). User B gets 404 for A's preview.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { profileSpeech } from '@ppp/audio';
import { ENHANCEMENT, ZEnhancePreview, type TAssembleEpisodeRequestInput } from '@ppp/contracts';
import { uploadForm } from '@ppp/server/test-support';
import { errorOf, twoUsers } from '../../server/test/support/http.ts';
import { decodedMs, spokenSlots } from './support/spoken-slots.ts';
import { assembleRendered, transcribed } from './support/api-flow.ts';
import { workerBed } from './support/worker-bed.ts';

const bed = workerBed({ name: 'ppp-enhance', api: true, env: () => ({ TTS_ENGINES: 'espeak' }) });
const { request } = bed;
let a = '';
let aId = '';
let b = '';

const PHRASES = ['welcome to the garden show', 'today we plant garlic in the autumn', 'thanks for listening'];

/** espeak-ng phrases in 3 s slots, with white noise mixed in under them (amix without normalising). */
function noisySpeech(): { wav: string; transcript: string } {
  const { wav, transcript } = spokenSlots({ dir: bed.files.dir, name: 'garden', phrases: PHRASES, slotSeconds: 3, sampleRate: 44100 });
  const noisy = path.join(bed.files.dir, 'garden-noisy.wav');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-i', wav, '-f', 'lavfi', '-i', 'anoisesrc=color=white:amplitude=0.02:r=44100:seed=9'],
    ...['-filter_complex', '[0][1]amix=inputs=2:duration=first:normalize=0', noisy],
  ]);
  return { wav: noisy, transcript };
}

async function upload(token: string, files: { wav: string; transcript: string }): Promise<{ id: string; filename: string }> {
  const res = await fetch(`${bed.api.baseUrl}/api/media/upload/main_content`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm([files.wav], { friendly_names: JSON.stringify(['Garden']) }, { transcript: files.transcript }),
  });
  expect(res.status).toBe(201);
  const [item] = z.array(z.object({ id: z.string(), filename: z.string() })).parse(await res.json());
  if (!item) throw new Error('not uploaded');
  return item;
}

beforeAll(async () => {
  const users = await twoUsers(bed.api);
  a = users.admin.token;
  b = users.user.token;
  aId = z.object({ id: z.string() }).parse((await request(a, 'GET', '/api/users/me')).body).id;
}, 120_000);

describe('speech enhancement', () => {
  let item: { id: string; filename: string };
  let original = '';

  it('is off by default, and once on, cleans an upload before it is transcribed', async () => {
    const settings = z.object({ settings: z.object({ enhanceSpeech: z.boolean() }) });
    expect(settings.parse((await request(a, 'GET', '/api/users/me/audio-cleanup-settings')).body).settings.enhanceSpeech).toBe(false);
    const saved = await request(a, 'PUT', '/api/users/me/audio-cleanup-settings', { settings: { enhanceSpeech: true } });
    expect(saved.status, saved.text).toBe(200);
    expect(settings.parse(saved.body).settings.enhanceSpeech).toBe(true);

    const files = noisySpeech();
    original = files.wav;
    item = await upload(a, files);
    await transcribed(bed.api, a, item.id);
    const enhanced = path.join(bed.storage.dir, 'users', aId, 'media', item.id, ENHANCEMENT.enhancedFileName);
    expect(existsSync(enhanced)).toBe(true);
    expect(Math.abs(decodedMs(enhanced) - decodedMs(original))).toBeLessThanOrEqual(1);
    const before = await profileSpeech(original);
    const after = await profileSpeech(enhanced);
    expect(before.noiseFloorDb - after.noiseFloorDb).toBeGreaterThan(10);
  }, 240_000);

  it('previews the same 15 s as recorded and as enhanced; B gets 404', async () => {
    expect(errorOf(await request(b, 'POST', `/api/media/${item.id}/enhance-preview`, {})).status).toBe(404);
    const res = await request(a, 'POST', `/api/media/${item.id}/enhance-preview`, { start_s: 0 });
    expect(res.status, res.text).toBe(200);
    const preview = ZEnhancePreview.parse(res.body);
    expect(preview.steps).toContain('noise reduced (RNNoise)');
    expect(preview.end_s - preview.start_s).toBeLessThanOrEqual(ENHANCEMENT.previewSeconds);
    for (const url of [preview.original_url, preview.enhanced_url]) {
      const audio = await fetch(`${bed.api.baseUrl}${url}`);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toContain('audio/mpeg');
    }
  });

  it('renders the episode from the cleaned audio', async () => {
    const show = new FormData();
    show.append('name', 'Garden Hour');
    show.append('description', 'Plants, soil and noise.');
    const created = await fetch(`${bed.api.baseUrl}/api/podcasts/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a}` },
      body: show,
    });
    const podcastId = z.object({ id: z.string() }).parse(await created.json()).id;
    const template = await request(a, 'POST', '/api/templates/', {
      name: 'Talk only',
      podcast_id: podcastId,
      segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
    });
    const body: TAssembleEpisodeRequestInput = {
      template_id: z.object({ id: z.string() }).parse(template.body).id,
      main_content_filename: item.filename,
      episode_details: { title: 'Garlic', episodeNumber: 1 },
      intents: { flubber: 'no', intern: 'no', sfx: 'no' },
      cleanup: { removePauses: false, removeFillers: false, censorEnabled: false },
    };
    const episodeId = await assembleRendered(bed.api, a, body);
    const episode = z.object({ playback_url: z.string() }).parse((await request(a, 'GET', `/api/episodes/${episodeId}`)).body);
    const rendered = path.join(bed.files.dir, 'garlic.mp3');
    const audio = await fetch(`${bed.api.baseUrl}${episode.playback_url}`);
    execFileSync('tee', [rendered], { input: Buffer.from(await audio.arrayBuffer()) });
    // Loudness normalisation moves speech and noise together: compare how far the speech stands above the noise.
    const upload = await profileSpeech(original);
    const episodeProfile = await profileSpeech(rendered);
    expect(episodeProfile.snrDb - upload.snrDb).toBeGreaterThan(10);
  }, 240_000);
});
