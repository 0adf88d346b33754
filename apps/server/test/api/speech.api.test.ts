/**
 * Voices and AI-voice clips through the real HTTP stack, with two users: capabilities, the user's own
 * ElevenLabs key (encrypted at rest) against a local server answering as ElevenLabs documents,
 * espeak-ng voices, precheck, clips into the media library.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { TTS_MESSAGES, ZCapabilities, ZVoicePage } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { errorOf, startTestServer, twoUsers, type TestServer } from '../support/http.ts';
import { startProviderServer, type ProviderServer } from '../support/provider-server.ts';
import { loadOrCreateKeyFile, SecretBox } from '../../src/domain/speech/secret-box.ts';

const RACHEL = {
  voice_id: '21m00Tcm4TlvDq8ikWAM',
  name: 'Rachel',
  category: 'premade',
  labels: { accent: 'american', age: 'young', gender: 'female', use_case: 'narration' },
  description: 'Matter-of-fact, personable woman.',
  preview_url: 'https://storage.googleapis.com/eleven-public-prod/premade/voices/21m00Tcm4TlvDq8ikWAM/preview.mp3',
};
const KEY = 'sk_live_elevenlabs_user_key_9f3a';

let orm: MikroORM;
let api: TestServer;
let databaseUrl = '';
let eleven: ProviderServer;
let a: { token: string };
let b: { token: string };
const data = tempDir('ppp-speech-test-');

const ZClip = z.object({
  id: z.string(),
  filename: z.string(),
  category: z.string(),
  friendly_name: z.string(),
  duration_seconds: z.number(),
  content_type: z.string(),
});

beforeAll(async () => {
  const mp3 = path.join(data.dir, 'tone.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1.5', '-c:a', 'libmp3lame', mp3]);
  const bytes = readFileSync(mp3);
  // GET /v2/voices and POST /v1/text-to-speech/{voice_id} as ElevenLabs' API reference shows them.
  eleven = await startProviderServer((req, res) => {
    if (req.headers['xi-api-key'] !== KEY) return res.json(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    if (req.method === 'GET' && req.path === '/v2/voices')
      return res.json(200, { voices: [RACHEL], has_more: false, total_count: 1, next_page_token: null });
    if (req.method === 'POST' && req.path === `/v1/text-to-speech/${RACHEL.voice_id}`) return res.bytes(200, 'audio/mpeg', bytes);
    return res.json(404, { detail: 'Not Found' });
  });
  ({ orm, api, databaseUrl } = await startApiBed({ DATA_DIR: data.dir, ELEVENLABS_BASE_URL: eleven.baseUrl }));
  ({ admin: a, user: b } = await twoUsers(api));
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  await eleven?.close();
  data.remove();
});

describe('capabilities and the ElevenLabs key', () => {
  it('offers espeak-ng to everyone and ElevenLabs only to the user who stored a key, sealed at rest', async () => {
    const before = ZCapabilities.parse((await api.request('GET', '/api/users/me/capabilities', { token: a.token })).body);
    expect(before).toMatchObject({
      has_elevenlabs: false,
      has_google_tts: false,
      has_espeak: true,
      has_tts: true,
      has_any_sfx_triggers: false,
      text_ai_engine: 'extractive',
      elevenlabs_key_last4: null,
      own_key_allowed: true,
    });

    const stored = await api.request('PUT', '/api/users/me/elevenlabs-key', { token: a.token, json: { api_key: KEY } });
    expect(ZCapabilities.parse(stored.body)).toMatchObject({
      has_elevenlabs: true,
      elevenlabs_key_last4: '9f3a',
    });
    // ElevenLabs first, then the local engines installed here, espeak-ng last.
    expect(ZCapabilities.parse(stored.body).tts_providers.at(0)).toBe('elevenlabs');
    expect(ZCapabilities.parse(stored.body).tts_providers.at(-1)).toBe('espeak');
    expect(ZCapabilities.parse((await api.request('GET', '/api/users/me/capabilities', { token: b.token })).body).has_elevenlabs).toBe(
      false,
    );

    const rows = await orm.em.getConnection().execute<{ sealed: string }[]>('select sealed from user_api_keys');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sealed).not.toContain(KEY);
    expect(rows[0]?.sealed).toMatch(/^v1\./);
    // The key was generated into DATA_DIR once and opens what was sealed.
    expect(existsSync(path.join(data.dir, 'secret.key'))).toBe(true);
    expect(new SecretBox(loadOrCreateKeyFile(path.join(data.dir, 'secret.key'))).open(rows[0]?.sealed ?? '')).toBe(KEY);

    const trpcCaps = await api.trpc(a.token).speech.capabilities.query();
    expect(trpcCaps.has_elevenlabs).toBe(true);
  });

  it('says users may bring their own key only when the instance offers ElevenLabs (the setup wizard asks for it then)', async () => {
    const espeakOnly = await startTestServer(orm, databaseUrl, { DATA_DIR: data.dir, TTS_ENGINES: 'espeak' });
    try {
      const caps = ZCapabilities.parse((await espeakOnly.request('GET', '/api/users/me/capabilities', { token: b.token })).body);
      expect(caps).toMatchObject({ own_key_allowed: false, has_elevenlabs: false, tts_providers: ['espeak'] });
      const withKey = ZCapabilities.parse((await espeakOnly.request('GET', '/api/users/me/capabilities', { token: a.token })).body);
      expect(withKey).toMatchObject({ own_key_allowed: false, has_elevenlabs: false });
    } finally {
      await espeakOnly.close();
    }
  });
});

describe('voices', () => {
  it('lists, searches and pages the voices of every configured engine, and resolves ids', async () => {
    const page = ZVoicePage.parse((await api.request('GET', '/api/elevenlabs/voices?page=1&size=50', { token: a.token })).body);
    expect(page.size).toBe(50);
    expect(page.items).toHaveLength(50);
    expect(page.items[0]).toMatchObject({
      voice_id: `elevenlabs:${RACHEL.voice_id}`,
      common_name: 'Rachel',
      preview_url: RACHEL.preview_url,
    });
    expect(
      page.items.slice(1).every((v) => ['festival', 'flite', 'espeak'].includes(v.provider) && v.voice_id.startsWith(`${v.provider}:`)),
    ).toBe(true);
    const bulk = ZVoicePage.parse((await api.request('GET', '/api/elevenlabs/voices?size=200', { token: a.token })).body);
    expect(bulk.items.length).toBe(Math.min(200, bulk.total));
    expect(errorOf(await api.request('GET', '/api/elevenlabs/voices?size=201', { token: a.token })).status).toBe(422);

    const search = ZVoicePage.parse(
      (await api.request('GET', '/api/elevenlabs/voices?search=caribbean%20female', { token: b.token })).body,
    );
    expect(search.items.length).toBeGreaterThan(0);
    expect(search.items.every((v) => v.provider === 'espeak' && v.labels.gender === 'female' && /Caribbean/i.test(v.name))).toBe(true);
    // B has no key, so B never sees A's ElevenLabs voices.
    const bAll = ZVoicePage.parse((await api.request('GET', '/api/elevenlabs/voices?size=200', { token: b.token })).body);
    expect(bAll.items.some((v) => v.provider === 'elevenlabs')).toBe(false);
    // Without a cloud voice the first listed, the default for Intern answers and intros, is the clearest local one.
    expect(bAll.items[0]?.voice_id).toBe('flite:rms');
    expect(bAll.items.find((v) => v.provider === 'festival')?.voice_id).toBe('festival:cmu_us_slt_arctic_hts');

    const resolved = await api.request('GET', `/api/elevenlabs/voice/${RACHEL.voice_id}/resolve`, { token: a.token });
    expect(resolved.body).toMatchObject({ voice_id: `elevenlabs:${RACHEL.voice_id}`, common_name: 'Rachel', name: 'Rachel' });
    const espeak = await api.request('GET', `/api/elevenlabs/voice/${encodeURIComponent('espeak:en-gb+f3')}/resolve`, { token: b.token });
    expect(espeak.body).toMatchObject({ voice_id: 'espeak:en-gb+f3', provider: 'espeak' });
    expect(errorOf(await api.request('GET', `/api/elevenlabs/voice/${RACHEL.voice_id}/resolve`, { token: b.token }))).toMatchObject({
      status: 404,
      detail: TTS_MESSAGES.voiceNotFound,
    });
    expect((await api.trpc(a.token).speech.resolveVoice.query({ id: 'espeak:en-us' })).provider).toBe('espeak');
  });

  it('previews a voice without a recorded sample as real MP3 audio', async () => {
    const res = await fetch(`${api.baseUrl}/api/elevenlabs/voice/${encodeURIComponent('espeak:en-us+m3')}/preview`, {
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(2000);
  });
});

describe('AI-voice clips', () => {
  const script = 'Welcome back to Green Thumb Radio, the show about gardens that grow.';

  it('makes a clip in the requested category with espeak-ng, then blocks a near-identical one just made', async () => {
    const precheck = await api.request('POST', '/api/media/tts/precheck', {
      token: b.token,
      json: { text: script, speaking_rate: 1, category: 'intro' },
    });
    expect(precheck.body).toMatchObject({ spam_block: false, warn_may_cost: false, message: null });

    const made = await api.request('POST', '/api/media/tts', {
      token: b.token,
      json: {
        text: script,
        voice_id: 'espeak:en-gb+f3',
        provider: 'espeak',
        category: 'intro',
        friendly_name: 'Show intro',
        speaking_rate: 1,
        confirm_charge: false,
      },
    });
    expect(made.status).toBe(200);
    const clip = ZClip.parse(made.body);
    expect(clip).toMatchObject({ category: 'intro', friendly_name: 'Show intro', content_type: 'audio/mpeg' });
    expect(clip.duration_seconds).toBeGreaterThan(2);
    const library = z.array(ZClip).parse((await api.request('GET', '/api/media/', { token: b.token })).body);
    expect(library.map((item) => item.id)).toContain(clip.id);
    expect(
      z
        .array(ZClip)
        .parse((await api.request('GET', '/api/media/', { token: a.token })).body)
        .map((i) => i.id),
    ).not.toContain(clip.id);

    const repeat = await api.request('POST', '/api/media/tts/precheck', {
      token: b.token,
      json: { text: `${script}!`, category: 'intro' },
    });
    expect(repeat.body).toMatchObject({ spam_block: true, message: TTS_MESSAGES.similarClip });
    const refused = await api.request('POST', '/api/media/tts', {
      token: b.token,
      json: { text: script, voice_id: 'espeak:en-gb+f3', category: 'intro' },
    });
    expect(errorOf(refused)).toMatchObject({ status: 429, detail: TTS_MESSAGES.similarClip });
    // Another user, or another category, is not a repeat.
    expect(
      (await api.request('POST', '/api/media/tts/precheck', { token: a.token, json: { text: script, category: 'intro' } })).body,
    ).toMatchObject({ spam_block: false });
    expect(
      (await api.request('POST', '/api/media/tts/precheck', { token: b.token, json: { text: script, category: 'outro' } })).body,
    ).toMatchObject({ spam_block: false });
  });

  it('asks before a long clip that may count against minutes, and makes it with confirm_charge', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i + 1} tells listeners about the compost pile.`).join(' ');
    const precheck = await api.request('POST', '/api/media/tts/precheck', {
      token: a.token,
      json: { text: long, speaking_rate: 1.5, category: 'outro' },
    });
    expect(precheck.body).toMatchObject({ spam_block: false, warn_may_cost: true, message: TTS_MESSAGES.mayCost });
    const unconfirmed = await api.request('POST', '/api/media/tts', {
      token: a.token,
      json: { text: long, voice_id: 'espeak:en-us', category: 'outro', speaking_rate: 1.5 },
    });
    expect(errorOf(unconfirmed)).toMatchObject({ status: 402, detail: TTS_MESSAGES.mayCost });
    const confirmed = await api
      .trpc(a.token)
      .speech.tts.mutate({ text: long, voice_id: 'espeak:en-us', category: 'outro', speaking_rate: 1.5, confirm_charge: true });
    expect(confirmed.duration_seconds).toBeGreaterThan(40);
    const rows = await orm.em
      .getConnection()
      .execute<{ billable_seconds: number }[]>('select billable_seconds from tts_clips where media_id = ?', [confirmed.id]);
    expect(rows[0]?.billable_seconds).toBeCloseTo(confirmed.duration_seconds ?? 0, 1);
  });

  it("speaks with the user's ElevenLabs voice through the provider", async () => {
    const made = await api.request('POST', '/api/media/tts', {
      token: a.token,
      json: { text: 'Thanks for listening!', voice_id: RACHEL.voice_id, provider: 'elevenlabs', category: 'outro' },
    });
    expect(made.status).toBe(200);
    expect(ZClip.parse(made.body).duration_seconds).toBeCloseTo(1.5, 0);
    const post = eleven.received.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ text: 'Thanks for listening!', model_id: 'eleven_multilingual_v2' });
    // B cannot use A's key.
    const fromB = await api.request('POST', '/api/media/tts', {
      token: b.token,
      json: { text: 'Hi there', voice_id: RACHEL.voice_id, provider: 'elevenlabs', category: 'outro' },
    });
    expect(errorOf(fromB)).toMatchObject({ status: 422, detail: TTS_MESSAGES.voiceUnavailable });
  });

  it('needs both a script and a voice, and refuses the commercial category', async () => {
    const noVoice = await api.request('POST', '/api/media/tts', {
      token: b.token,
      json: { text: 'Hello', voice_id: ' ', category: 'intro' },
    });
    expect(errorOf(noVoice)).toMatchObject({ status: 422, detail: TTS_MESSAGES.scriptAndVoiceRequired });
    const noText = await api.request('POST', '/api/media/tts', {
      token: b.token,
      json: { text: '', voice_id: 'espeak:en-us', category: 'intro' },
    });
    expect(errorOf(noText).detail).toBe(TTS_MESSAGES.scriptAndVoiceRequired);
    const commercial = await api.request('POST', '/api/media/tts', {
      token: b.token,
      json: { text: 'Buy now', voice_id: 'espeak:en-us', category: 'commercial' },
    });
    expect(errorOf(commercial).status).toBe(403);
  });

  it('removes the key on request', async () => {
    const cleared = ZCapabilities.parse(
      (await api.request('PUT', '/api/users/me/elevenlabs-key', { token: a.token, json: { api_key: null } })).body,
    );
    expect(cleared).toMatchObject({ has_elevenlabs: false, elevenlabs_key_last4: null });
    expect((await orm.em.getConnection().execute('select 1 from user_api_keys')).length).toBe(0);
  });
});
