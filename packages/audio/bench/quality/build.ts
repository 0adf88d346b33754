/*
 * buildQualitySet(dir): the labelled set of issue 33 as files. Each phrase is made as its own clip
 * (a local voice, or a LibriVox clip of pocketsphinx-testdata), trimmed of silence, brought to one
 * level and laid end to end with silences of known length, so every event's time is exact; word
 * times inside a phrase come from pocketsphinx's forced alignment of the known sentence. The
 * episodes are 16 kHz mono 16-bit WAVs, as the worker's working copy is. Clips and episodes are kept
 * in `dir` and reused while the plan is unchanged.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TTranscriptWord } from '@ppp/contracts';
import { librivoxClips } from '../../test/helpers/system.ts';
import { planQualitySet, type EpisodeScript, type QualityVoice, type SayBeat, type SynthVoice } from './script.ts';
import { atLevel, concat, hum, mixAtSnr, fromWavBytes, silence, trimSilence, wavBytes, whiteNoise, RATE } from './signal.ts';
import { layOut, type ClipTiming, type QualityEvents, type Span } from './truth.ts';
import { clipWords, installedVoice, readSamples, synthesize } from './voices.ts';

/** Bump when the way episodes are made changes, so cached sets are rebuilt. */
const VERSION = 3;

export interface NoiseOptions {
  /** Indices of the episodes that get noisy copies. */
  episodes: readonly number[];
  /** Target SNRs (dB) of white noise and of 50 Hz hum. */
  white: readonly number[];
  hum: readonly number[];
}

export interface QualitySetOptions {
  seed?: number;
  /** At most 12. */
  episodes?: number;
  /** Noisy copies; false for none. */
  noise?: NoiseOptions | false;
  log?: (line: string) => void;
}

export interface NoisyVariant {
  noise: 'white' | 'hum-50hz';
  target_snr_db: number;
  /** Measured on the mixed file: speech power over the power of what was added. */
  snr_db: number;
  wav: string;
}

export interface QualityEpisode {
  id: string;
  voice: QualityVoice;
  /** Who says the markers, commands and fillers in a LibriVox episode (the episode's voice otherwise). */
  event_voice: QualityVoice;
  wav: string;
  duration_s: number;
  /** The true words with times; `reference` is them joined, for the word error rate. */
  words: TTranscriptWord[];
  reference: string;
  events: QualityEvents;
  /** Where speech is (each phrase's clip): the signal of every SNR. */
  speech: Span[];
  noisy: NoisyVariant[];
  /** Phrases whose word times come from forced alignment, of all phrases of more than one word. */
  aligned_phrases: { aligned: number; of: number };
}

export interface QualitySet {
  dir: string;
  episodes: QualityEpisode[];
}

export const DEFAULT_NOISE: NoiseOptions = { episodes: [0, 1, 2, 3], white: [20, 10, 5], hum: [10] };

interface Clip extends ClipTiming {
  samples: Float32Array;
  aligned: boolean;
}

const key = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** Written under another name and renamed: two runs building the same set at once never read half a file. */
function writeAtomically(file: string, content: string | Buffer): void {
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, content);
  renameSync(part, file);
}

function writeClip(dir: string, name: string, made: Float32Array, text: string): Clip {
  const wav = path.join(dir, `${name}.wav`);
  const bytes = wavBytes(made);
  writeAtomically(wav, bytes);
  // The samples as a later run reads them back from the file, so a set is the same byte for byte whether its clips were just made or cached.
  const samples = fromWavBytes(bytes);
  const duration = samples.length / RATE;
  const { words, aligned } = clipWords(wav, text, duration);
  const clip: Clip = { samples, duration_s: duration, words, aligned };
  writeAtomically(path.join(dir, `${name}.json`), JSON.stringify({ duration_s: duration, words, aligned }));
  return clip;
}

function cachedClip(dir: string, name: string, make: () => Clip): Clip {
  const meta = path.join(dir, `${name}.json`);
  if (existsSync(meta)) {
    const stored = JSON.parse(readFileSync(meta, 'utf8')) as Omit<Clip, 'samples'>;
    return { ...stored, samples: fromWavBytes(readFileSync(path.join(dir, `${name}.wav`))) };
  }
  return make();
}

/** A LibriVox clip whole, or its first `words` words cut in the silence after the last of them. */
function librivoxClip(dir: string, id: string, text: string, words?: number): Clip {
  const source = librivoxClips().find((c) => c.id === id);
  if (!source) throw new Error(`LibriVox clip ${id} is not installed (pocketsphinx-testdata)`);
  const whole = cachedClip(dir, `librivox-${id}`, () =>
    writeClip(dir, `librivox-${id}`, atLevel(trimSilence(readSamples(source.wav))), source.reference),
  );
  if (words === undefined) return whole;
  const last = whole.words[words - 1];
  const next = whole.words[words];
  const cut = last && next ? (last.end + next.start) / 2 : whole.duration_s * (words / whole.words.length);
  return cachedClip(dir, `librivox-${id}-${words}`, () =>
    writeClip(dir, `librivox-${id}-${words}`, whole.samples.slice(0, Math.round(cut * RATE)), text),
  );
}

function makeClip(dir: string, beat: SayBeat): Clip {
  if (beat.clip) return librivoxClip(dir, beat.clip.id, beat.text, beat.clip.words);
  const voice = beat.voice as SynthVoice;
  const name = `${voice}-${key(beat.text)}`;
  return cachedClip(dir, name, () => writeClip(dir, name, atLevel(trimSilence(synthesize(voice, beat.text))), beat.text));
}

function buildEpisode(dir: string, clipsDir: string, script: EpisodeScript, noise: NoiseOptions | false, index: number): QualityEpisode {
  const says = script.beats.filter((b): b is SayBeat => b.kind === 'say');
  const clips = says.map((beat) => makeClip(clipsDir, beat));
  let clipIndex = 0;
  const samples = concat(
    script.beats.map((beat) => (beat.kind === 'gap' ? silence(beat.seconds) : (clips[clipIndex++]?.samples ?? silence(0)))),
  );
  const laid = layOut(script.beats, clips);
  const wav = path.join(dir, `${script.id}.wav`);
  writeAtomically(wav, wavBytes(samples));
  const speech = laid.placed.filter((_, i) => script.beats[i]?.kind === 'say');
  const noisy: NoisyVariant[] = [];
  if (noise && noise.episodes.includes(index)) {
    const sources = [
      ...noise.white.map((snr) => ({ kind: 'white' as const, snr, signal: () => whiteNoise(samples.length, 1000 + index) })),
      ...noise.hum.map((snr) => ({ kind: 'hum-50hz' as const, snr, signal: () => hum(samples.length, 50) })),
    ];
    for (const source of sources) {
      const mixed = mixAtSnr(samples, source.signal(), speech, source.snr);
      const file = path.join(dir, `${script.id}-${source.kind}-${source.snr}db.wav`);
      writeAtomically(file, wavBytes(mixed.mixed));
      noisy.push({ noise: source.kind, target_snr_db: source.snr, snr_db: Math.round(mixed.snrDb * 100) / 100, wav: file });
    }
  }
  const phrases = clips.filter((_, i) => (says[i]?.text ?? '').includes(' '));
  const eventBeat = says.find((b) => b.role === 'marker');
  return {
    id: script.id,
    voice: script.voice,
    event_voice: eventBeat?.voice ?? script.voice,
    wav,
    duration_s: laid.duration_s,
    words: laid.words,
    reference: laid.words.map((w) => w.text).join(' '),
    events: laid.events,
    speech,
    noisy,
    aligned_phrases: { aligned: phrases.filter((c) => c.aligned).length, of: phrases.length },
  };
}

/**
 * The labelled set in a folder of `dir` named for its plan (made there, or reused when that set is
 * already there); the clips are shared by every plan in `dir`/clips.
 * Needs ffmpeg, pocketsphinx with pocketsphinx-testdata, and at least espeak-ng among the voices.
 */
export function buildQualitySet(dir: string, options: QualitySetOptions = {}): QualitySet {
  const noise = options.noise ?? DEFAULT_NOISE;
  const scripts = planQualitySet(librivoxClips(), { seed: options.seed, episodes: options.episodes, voiceFor: installedVoice });
  // Each plan has its folder, so a run reading an older set never sees its files overwritten.
  const setDir = path.join(dir, `set-${key({ VERSION, scripts, noise })}`);
  const manifest = path.join(setDir, 'manifest.json');
  if (existsSync(manifest)) {
    const stored = JSON.parse(readFileSync(manifest, 'utf8')) as QualitySet;
    if (stored.episodes.every((e) => existsSync(e.wav) && e.noisy.every((n) => existsSync(n.wav)))) return stored;
  }
  const clipsDir = path.join(dir, 'clips');
  mkdirSync(clipsDir, { recursive: true });
  mkdirSync(setDir, { recursive: true });
  const episodes = scripts.map((script, i) => {
    options.log?.(`quality set: making ${script.id}`);
    return buildEpisode(setDir, clipsDir, script, noise, i);
  });
  const set: QualitySet = { dir: setDir, episodes };
  writeAtomically(manifest, JSON.stringify(set, null, 1));
  return set;
}
