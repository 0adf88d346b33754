/*
 * Speech quality on the labelled set of issue 33 (bench/quality/): every episode through the real
 * pipeline for every engine available here (pocketsphinx with its keyword pass as the worker runs
 * it, whisper.cpp when a ggml model is present, and 'supplied': the true words), detection through
 * detectWithAudio with the default cleanup settings and the sound effect 'ding', as the worker does.
 * Prints, in Markdown, each engine's figures beside the issue's targets (MET / NOT MET) and why a
 * missed target is missed; WER per voice (the local voices' intelligibility); WER under noise; and
 * the speech enhancement's SNR gain and WER change where packages/audio has one. A measurement, never
 * a test: nothing here fails on a figure.
 *
 * QUALITY_SET_DIR keeps the set between runs (default: a folder in the temp dir); WHISPER_MODEL_PATH,
 * MODELS_DIR or data/models give whisper.cpp its model; QUALITY_NOISE=0 skips the noisy copies and
 * the enhancement; QUALITY_FRESH=1 transcribes again what the same code already transcribed; QUALITY_EPISODES=n measures only the first n episodes (a quick look).
 * QUALITY_ONLY=enhance measures the speech enhancement alone: the recogniser on the noisy episodes
 * (clean and noisy, for the WER it recovers), no detection, no supplied engine, then the enhancement.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, type TSfxKeyword, type TTranscriptWord } from '@ppp/contracts';
import { detectWithAudio, wakePhrases } from '../src/detection/with-audio.ts';
import { createPocketsphinxEngine } from '../src/transcription/pocketsphinx/engine.ts';
import { createWhisperCppEngine } from '../src/transcription/whisper/engine.ts';
import type { TranscriptionEngine } from '../src/transcription/engine.ts';
import { wordErrorRate } from '../src/wer.ts';
import { buildQualitySet, DEFAULT_NOISE, type QualityEpisode, type QualitySet } from './quality/build.ts';
import { measureEnhancement } from './quality/enhancement.ts';
import { engineTable, noiseTable, voiceTable, whyLines, type EngineRun } from './quality/report.ts';
import { labelNotes, scoreEpisode, sumScores, type EpisodeScore } from './quality/score.ts';
import { QUALITY_VOICES, SFX_KEYWORD, type QualityVoice } from './quality/script.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');
const settings = DEFAULT_AUDIO_CLEANUP_SETTINGS;
const sfx: TSfxKeyword[] = [{ media_id: 'bench-ding', keyword: SFX_KEYWORD }];
const log = (line: string) => process.stderr.write(`${line}\n`);
const onlyEnhancement = process.env.QUALITY_ONLY === 'enhance';
/** QUALITY_DETECT=0: only the word error rates, noise and enhancement (detection is the slow part on a loaded machine). */
const detect = process.env.QUALITY_DETECT !== '0' && !onlyEnhancement;

/** A ggml model for whisper.cpp: the operator's path, else the model manager's folder. */
function whisperModel(): string | null {
  if (process.env.WHISPER_MODEL_PATH && existsSync(process.env.WHISPER_MODEL_PATH)) return process.env.WHISPER_MODEL_PATH;
  for (const dir of [process.env.MODELS_DIR, path.join(REPO, 'data', 'models')]) {
    if (!dir || !existsSync(dir)) continue;
    const model = readdirSync(dir).find((f) => /^ggml-.*\.bin$/.test(f) && !f.includes('test'));
    if (model) return path.join(dir, model);
  }
  return null;
}

interface Timing {
  seconds: number;
  known: boolean;
}

interface Transcriber {
  name: string;
  /** Null: the engine cannot run here, and why. */
  unavailable: string | null;
  transcribe: (episode: QualityEpisode, wav: string) => Promise<TTranscriptWord[]>;
  /** Seconds spent transcribing so far (known: false once a transcript came from a cache entry without its time). */
  timing?: Timing;
}

/** The transcription engines' code (src/transcription, and the process runner and WAV reader they use), hashed: a change to any of it transcribes again. */
function engineCodeHash(): string {
  const hash = createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts')) hash.update(file).update(readFileSync(file));
    }
  };
  const src = path.join(import.meta.dirname, '../src');
  walk(path.join(src, 'transcription'));
  for (const file of ['process.ts', 'wav.ts']) hash.update(readFileSync(path.join(src, file)));
  return hash.digest('hex');
}

/**
 * Transcripts are kept beside the set, keyed by the audio's bytes, the engine and model, and the
 * package's source: the same file through the same code gives the same words, so a re-run after a
 * detection change spends its time on detection. QUALITY_FRESH=1 transcribes everything again.
 */
function cached(
  dir: string,
  name: string,
  run: (wav: string) => Promise<TTranscriptWord[]>,
  timing: Timing,
): (wav: string) => Promise<TTranscriptWord[]> {
  const code = engineCodeHash();
  mkdirSync(dir, { recursive: true });
  return async (wav) => {
    const key = createHash('sha1').update(name).update(code).update(readFileSync(wav)).digest('hex');
    const file = path.join(dir, `${key}.json`);
    if (process.env.QUALITY_FRESH !== '1' && existsSync(file)) {
      // The time the transcription took when it was made counts towards the realtime factor (older entries kept none).
      const stored = JSON.parse(readFileSync(file, 'utf8')) as TTranscriptWord[] | { words: TTranscriptWord[]; seconds: number };
      if (Array.isArray(stored)) timing.known = false;
      else timing.seconds += stored.seconds;
      return Array.isArray(stored) ? stored : stored.words;
    }
    const started = performance.now();
    const words = await run(wav);
    const seconds = (performance.now() - started) / 1000;
    timing.seconds += seconds;
    writeFileSync(file, JSON.stringify({ words, seconds }));
    return words;
  };
}

async function transcribers(dir: string): Promise<Transcriber[]> {
  const engine = async (e: TranscriptionEngine, why: string, model = ''): Promise<Transcriber> => {
    const timing: Timing = { seconds: 0, known: true };
    const transcribe = cached(path.join(dir, 'transcripts'), `${e.name} ${model}`, async (wav) => (await e.transcribe(wav)).words, timing);
    return { name: e.name, unavailable: (await e.available()) ? null : why, transcribe: (_, wav) => transcribe(wav), timing };
  };
  const model = whisperModel();
  return [
    { name: 'supplied', unavailable: null, transcribe: async (episode) => episode.words },
    await engine(createPocketsphinxEngine({ keywords: wakePhrases(settings, sfx) }), 'not available: pocketsphinx is not installed'),
    model
      ? await engine(
          createWhisperCppEngine({ modelPath: model, language: 'en', threads: Math.max(1, cpus().length - 1) }),
          `not available: ${model} did not load`,
          path.basename(model),
        )
      : { name: 'whisper.cpp', unavailable: 'not available: no model', transcribe: async () => [] },
  ];
}

const werOf = (episodes: readonly QualityEpisode[], heard: readonly TTranscriptWord[][]) =>
  wordErrorRate(episodes.map((e) => e.reference).join(' '), heard.map((words) => words.map((w) => w.text).join(' ')).join(' '));

type Run = EngineRun & { heardClean: Map<string, TTranscriptWord[]> };

async function runEngine(t: Transcriber, set: QualitySet): Promise<Run> {
  const run: Run = {
    engine: t.name,
    skipped: t.unavailable,
    total: sumScores([]),
    byVoice: new Map(),
    realtimeFactor: null,
    noise: new Map(),
    heardClean: new Map(),
  };
  if (t.unavailable) return run;
  const scores: { voice: QualityVoice; score: EpisodeScore }[] = [];
  if (t.timing) Object.assign(t.timing, { seconds: 0, known: true });
  let audio = 0;
  for (const episode of set.episodes) {
    log(`${t.name}: ${episode.id}`);
    const heard = await t.transcribe(episode, episode.wav);
    audio += episode.duration_s;
    run.heardClean.set(episode.id, heard);
    if (!detect) continue;
    const found = await detectWithAudio(episode.wav, { words: heard, duration_s: episode.duration_s }, settings, sfx);
    scores.push({ voice: episode.voice, score: labelNotes(scoreEpisode(episode, heard, found), `${episode.id}:`) });
  }
  for (const voice of QUALITY_VOICES) {
    const mine = scores.filter((s) => s.voice === voice).map((s) => s.score);
    if (mine.length) run.byVoice.set(voice, sumScores(mine));
  }
  if (t.timing?.known) run.realtimeFactor = t.timing.seconds / audio;
  run.total = sumScores(scores.map((s) => s.score));
  return run;
}

/** WER of each noisy copy against the same episodes clean. */
async function noiseRuns(t: Transcriber, set: QualitySet, run: Run): Promise<void> {
  const noisy = set.episodes.filter((e) => e.noisy.length > 0);
  const labels = [...new Set(noisy.flatMap((e) => e.noisy.map((n) => `${n.noise} ${n.target_snr_db} dB`)))];
  for (const label of labels) {
    const parts = noisy.flatMap((e) =>
      e.noisy.filter((n) => `${n.noise} ${n.target_snr_db} dB` === label).map((n) => ({ episode: e, variant: n })),
    );
    const heard: TTranscriptWord[][] = [];
    for (const { episode, variant } of parts) {
      log(`${t.name}: ${episode.id} ${label}`);
      heard.push(await t.transcribe(episode, variant.wav));
    }
    const episodes = parts.map((p) => p.episode);
    const clean = werOf(
      episodes,
      episodes.map((e) => run.heardClean.get(e.id) ?? []),
    );
    const snrDb = parts.reduce((sum, p) => sum + p.variant.snr_db, 0) / Math.max(1, parts.length);
    run.noise.set(label, { clean, noisy: werOf(episodes, heard), snrDb });
  }
}

async function main(): Promise<void> {
  const withNoise = process.env.QUALITY_NOISE !== '0' || onlyEnhancement;
  const dir = process.env.QUALITY_SET_DIR ?? path.join(tmpdir(), 'ppp-quality-set');
  const episodes = process.env.QUALITY_EPISODES ? Number(process.env.QUALITY_EPISODES) : undefined;
  // QUALITY_NOISE=10: only the 10 dB copies, where the enhancement's targets are set (a quicker run).
  const noise = process.env.QUALITY_NOISE === '10' ? { ...DEFAULT_NOISE, white: [10], hum: [10] } : DEFAULT_NOISE;
  const set = buildQualitySet(dir, { noise: withNoise ? noise : false, episodes, log });
  // QUALITY_ENGINES=pocketsphinx,supplied: only those engines (a quicker run after a detection change).
  const only = process.env.QUALITY_ENGINES?.split(',').map((name) => name.trim());
  const engines = (await transcribers(dir)).filter((t) => (!only || only.includes(t.name)) && !(onlyEnhancement && t.name === 'supplied'));
  const measured = onlyEnhancement ? { ...set, episodes: set.episodes.filter((e) => e.noisy.length > 0) } : set;
  const runs = [];
  for (const t of engines) runs.push(await runEngine(t, measured));

  const minutes = set.episodes.reduce((s, e) => s + e.duration_s, 0) / 60;
  const count = (pick: (e: QualityEpisode) => number) => set.episodes.reduce((s, e) => s + pick(e), 0);
  console.log(`\n## Speech quality on the labelled set (${new Date().toISOString().slice(0, 10)})\n`);
  console.log(
    `${set.episodes.length} episodes, ${minutes.toFixed(1)} min: ${count((e) => e.events.retakes.length)} retakes, ${count((e) => e.events.intern.length)} Intern commands, ` +
      `'${SFX_KEYWORD}' said ${count((e) => e.events.sfx.length)} times (in ${set.episodes.filter((e) => e.events.sfx.length).length} episodes), ${count((e) => e.events.fillers.length)} um/uh, ` +
      `${count((e) => e.events.realWords.length)} real 'like'/'you know', ${count((e) => e.events.pauses.length)} long pauses. Default cleanup settings; detection by detectWithAudio.\n`,
  );
  if (detect) console.log(engineTable(runs));
  for (const run of detect ? runs : []) {
    const why = whyLines(run);
    if (why.length) console.log(`\n**Why (${run.engine})**\n\n${why.map((line) => `- ${line}`).join('\n')}`);
  }
  if (detect && runs.some((r) => !r.skipped && r.engine !== 'supplied')) console.log(`\n${voiceTable(runs, QUALITY_VOICES)}`);
  // The clean figures are out first: the noisy copies and the enhancement take as long again.
  if (withNoise) {
    for (const [i, run] of runs.entries()) {
      const t = engines[i];
      if (t && !run.skipped && t.name !== 'supplied') await noiseRuns(t, set, run);
    }
    console.log(`\n${noiseTable(runs)}`);
    const recogniser =
      runs.find((r) => r.engine === 'whisper.cpp' && !r.skipped) ?? runs.find((r) => r.engine === 'pocketsphinx' && !r.skipped);
    const t = engines.find((x) => x.name === recogniser?.engine);
    console.log(
      `\n${t && recogniser ? await measureEnhancement(set, t, recogniser, log) : 'enhancement: no recogniser to measure it with'}`,
    );
  }
}

await main();
