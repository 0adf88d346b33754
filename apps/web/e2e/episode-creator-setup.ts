/**
 * What the Episode Creator journeys share (issue 7): the creator's show, a template with an AI-voice
 * intro (its script left blank), the content, a static outro and a music bed, an upload of espeak-ng
 * speech whose supplied words hold one retake marker and one Intern command, a quiet upload with no
 * marker, and the voice 'Change voice' picks (another language, so another length).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { CLEANUP } from '@ppp/contracts';
import { toneFile } from '@ppp/server/test-support';
import { CREATOR_STORAGE_KEY, serializeCreator, type CreatorState } from '../src/features/episode-creator/creator-state.ts';
import type { OpenPageOptions } from './fixtures.ts';
import { CONTENT_SEGMENT, createShow, createTemplate } from './show-seeds.ts';
import {
  apiClient,
  registerAndSignIn,
  shot as screenshot,
  speechTrack,
  supplyTranscript,
  uploadToCategory,
  type RunningApp,
  type Viewport,
} from './harness.ts';

export const CREATOR = { email: 'creator@example.com', password: 'correct horse battery' };
export const SLOT = 3;
export const PHRASES = [
  'welcome to the show',
  'intern what is the capital of france stop',
  'this take went wrong',
  'flubber',
  'this take went right',
  'thanks for listening',
];
export const CONTENT_SECONDS = PHRASES.length * SLOT;
export const FLUBBER_AT = 3 * SLOT;
/*
 * The proposed cut runs from where the flubbed take began to the retake: retakeLeadSilenceSeconds
 * (0.15 s) before 'this' (slot 2, 6 s) to 0.1 s before the retake's 'this' (slot 4, 12 s).
 */
export const RETAKE_CUT = { start_s: 2 * SLOT - CLEANUP.retakeLeadSilenceSeconds, end_s: 4 * SLOT - 0.1 };
export const INTRO_SCRIPT = 'Welcome to Speech Weekly, the show about talking.';
export const OUTRO_SECONDS = 3;
export type Voice = { voice_id: string; name: string; common_name: string; provider: string };
/** The template's voice, and the one 'Change voice' picks for this episode (another language, so another length). */
export let voice: Voice;
export let changed: Voice;
export let templateId = '';
export let mediaId = '';
/** An upload whose words hold no retake marker. */
export let quietId = '';

/** The journey file's app, its creator's token and its scratch folder (set by setUpCreatorJourney). */
export const journey = { app: undefined as unknown as RunningApp, token: '', files: '' };

export const api = apiClient(
  () => journey.app.baseUrl,
  () => journey.token,
);

/** Seconds a file decodes to (MP3 headers include the encoder's padding). */
export function decodedSeconds(file: string): number {
  const progress = execFileSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-progress', 'pipe:1', '-f', 'null', '-'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const times = [...progress.matchAll(/out_time_us=(\d+)/g)].map((m) => Number(m[1]));
  return (times.at(-1) ?? 0) / 1e6;
}

/** Seconds ffprobe reads from the container, as the planner probes the clips it places. */
export function probedSeconds(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim());
}

export async function download(url: string, name: string): Promise<string> {
  const res = await fetch(url.startsWith('http') ? url : `${journey.app.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${journey.token}` },
  });
  expect(res.status).toBe(200);
  const dest = path.join(journey.files, name);
  writeFileSync(dest, Buffer.from(await res.arrayBuffer()));
  return dest;
}

/** The words of the speech, 0.3 s apart from the start of each slot. */
export function transcriptFile(): string {
  const words = PHRASES.flatMap((text, i) =>
    text.split(' ').map((word, j) => ({ text: word, start: i * SLOT + j * 0.3, end: i * SLOT + j * 0.3 + 0.25 })),
  );
  const dest = path.join(journey.files, 'speech.json');
  writeFileSync(dest, JSON.stringify({ words }));
  return dest;
}

/** A mono 44.1 kHz tone in the journey's scratch folder. */
export function tone(name: string, seconds: number, hz: number): string {
  return toneFile(journey.files, name, seconds, hz, ['-ac', '1']);
}

export function coverImage(): string {
  const dest = path.join(journey.files, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1600x900:rate=1', '-frames:v', '1', dest]);
  return dest;
}

export const uploadTo = (category: string, file: string, friendly: string) => uploadToCategory(api, category, file, friendly);

/** Whole-page screenshots from the top (a full-page shot of a scrolled page draws the fixed top bar part-way down). */
export async function shot(page: Page, name: string, fullPage = true) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, fullPage);
}

/** A page at the app signed in as the creator, with the wizard's saved state when given. */
export async function creatorPage(
  openPage: (viewport: Viewport, options?: OpenPageOptions) => Promise<Page>,
  viewport: Viewport,
  state?: CreatorState,
): Promise<Page> {
  const page = await openPage(viewport, { token: journey.token });
  if (state) {
    await page.context().addInitScript(
      ({ key, value }: { key: string; value: string }) => {
        if (!window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, value);
      },
      { key: CREATOR_STORAGE_KEY, value: serializeCreator(state) },
    );
  }
  return page;
}

/** The creator, the show, the templates and the two uploads, made through the app's REST paths. */
export async function setUpCreatorJourney(app: RunningApp, files: string): Promise<void> {
  journey.app = app;
  journey.files = files;
  journey.token = await registerAndSignIn(app.baseUrl, CREATOR);
  // Only the reviewed retake and the Intern answer change the length: no pause, filler or end-marker cuts.
  const settings = await api('PUT', '/api/users/me/audio-cleanup-settings', {
    settings: { removeFillers: false, removePauses: false, commands: { intern: { remove_end_marker: false } } },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);

  const voices = await api('GET', '/api/elevenlabs/voices?size=200');
  const items = (voices.body as { items: Voice[] }).items;
  voice = items.find((v) => /en/i.test(v.voice_id)) ?? items[0]!;
  // The journey's changed voice reads at a clearly different length from the template's, so the checks tell them apart.
  const sample = async (v: Voice) =>
    probedSeconds(await download(`/api/elevenlabs/voice/${encodeURIComponent(v.voice_id)}/preview`, `sample-${v.voice_id}.mp3`));
  const templateSample = await sample(voice);
  let best = { voice: voice, gap: 0 };
  for (const search of ['German', 'Spanish', 'French', 'Italian']) {
    const found = ((await api('GET', `/api/elevenlabs/voices?search=${search}&size=5`)).body as { items: Voice[] }).items;
    for (const candidate of found.slice(0, 2)) {
      const gap = Math.abs((await sample(candidate)) - templateSample);
      if (gap > best.gap) best = { voice: candidate, gap };
    }
  }
  expect(best.gap).toBeGreaterThan(0.2);
  changed = best.voice;

  const podcastId = await createShow(api, 'Speech Weekly', 'A show about talking.');

  const outro = await uploadTo('outro', tone('outro.wav', OUTRO_SECONDS, 660), 'Goodbye chime');
  const music = await uploadTo('music', tone('bed.wav', 40, 220), 'Soft bed');
  templateId = await createTemplate(api, podcastId, 'Speech weekly', {
    description: 'Intro voice, the talk, a chime.',
    default_intern_voice_id: voice.voice_id,
    segments: [
      {
        id: 'intro',
        segment_type: 'intro',
        name: 'Welcome',
        source: { source_type: 'tts', text_prompt: '', voice_id: voice.voice_id, voice_name: voice.name },
      },
      CONTENT_SEGMENT,
      {
        id: 'outro',
        segment_type: 'outro',
        name: 'Chime',
        source: { source_type: 'static', filename: outro.filename, media_id: outro.id },
      },
    ],
    background_music_rules: [
      { apply_to_segments: ['intro', 'content', 'outro'], music_filename: music.filename, media_id: music.id, volume_db: -20 },
    ],
  });
  await createTemplate(api, podcastId, 'Just the talk');

  const media = await uploadTo('main_content', speechTrack(journey.files, PHRASES, SLOT), 'Speech take');
  mediaId = media.id;
  await supplyTranscript(api, media.id, transcriptFile(), () => journey.app.output().slice(-3000));
  const quiet = await uploadTo('main_content', tone('quiet.wav', 4, 440), 'Quiet take');
  quietId = quiet.id;
  const quietWords = new FormData();
  quietWords.append(
    'file',
    new Blob([
      JSON.stringify({
        words: [
          { text: 'just', start: 0.5, end: 0.8 },
          { text: 'talking', start: 1, end: 1.5 },
        ],
      }),
    ]),
    'quiet.json',
  );
  expect((await api('POST', `/api/media/${quiet.id}/transcript`, quietWords)).status).toBe(200);
}
