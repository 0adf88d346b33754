import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TAudioCleanupSettings, TDetectionResult, TSfxKeyword } from '@ppp/contracts';
import { soundEvidence } from '../analysis/sound-evidence.ts';
import { ProcessFailedError } from '../process.ts';
import { which } from '../system-tools.ts';
import { DEBIAN_MODEL_DIR } from '../transcription/pocketsphinx/engine.ts';
import { keywordEvidence } from '../transcription/pocketsphinx/kws.ts';
import { detectIntents, type DetectableTranscript, type DetectOptions } from './detect-intents.ts';
import type { AcousticEvidence } from './evidence.ts';
import {
  audioDigest,
  decodeEvidence,
  encodeEvidence,
  keepEvidence,
  keptKeywords,
  type EvidenceStore,
  type KeptEvidence,
  type KeywordPart,
  type SoundPart,
} from './evidence-store.ts';
import { measureSilences } from './silences.ts';

export interface WithAudioOptions extends DetectOptions {
  signal?: AbortSignal;
  /** pocketsphinx for the keyword search (Debian's by default); false to skip it. */
  keywordSearch?: { binary?: string; modelDir?: string } | false;
  /** Told when a part of the evidence could not be gathered (detection then goes on without it). */
  onWarning?: (message: string) => void;
  /** Where the evidence of this recording is kept between scans (the upload's); none: gathered every time. */
  store?: EvidenceStore;
}

/** Every phrase the creator speaks to the product: the Flubber and Intern triggers, the end markers, the sound-effect keywords. */
export function wakePhrases(settings: TAudioCleanupSettings, sfx: readonly TSfxKeyword[]): string[] {
  return [
    settings.commands.flubber.trigger_keyword,
    settings.commands.intern.trigger_keyword,
    ...settings.commands.intern.end_markers,
    ...sfx.map((item) => item.keyword),
  ];
}

async function spottedKeywords(wavPath: string, phrases: readonly string[], options: WithAudioOptions): Promise<AcousticEvidence> {
  if (options.keywordSearch === false) return {};
  const binary = options.keywordSearch?.binary ?? which('pocketsphinx_continuous');
  const modelDir = options.keywordSearch?.modelDir ?? DEBIAN_MODEL_DIR;
  if (binary === null || !existsSync(path.join(modelDir, 'en-us', 'mdef'))) {
    options.onWarning?.('pocketsphinx is not installed: spoken markers are found from the words alone');
    return {};
  }
  try {
    return await keywordEvidence(wavPath, phrases, { binary, modelDir, signal: options.signal });
  } catch (error) {
    if (!(error instanceof ProcessFailedError)) throw error;
    options.onWarning?.(`the keyword search failed (${error.message}): spoken markers are found from the words alone`);
    return {};
  }
}

/** MFCC frames and hesitations heard (retake alignment, fillers by sound); nothing when ffmpeg cannot decode the file. */
async function heardSound(wavPath: string, options: WithAudioOptions): Promise<AcousticEvidence> {
  try {
    return await soundEvidence(wavPath, { signal: options.signal });
  } catch (error) {
    if (!(error instanceof ProcessFailedError)) throw error;
    options.onWarning?.(`the audio could not be read for retakes and fillers (${error.message}): they are found from the words alone`);
    return {};
  }
}

/**
 * The keyword search, the pauses and the sound (in parallel), each read from what is kept when it is;
 * `fresh` holds the parts gathered in full here (a search or a decoding that failed is not kept, so it
 * is tried again next time).
 */
async function gatherAll(
  wavPath: string,
  phrases: readonly string[],
  options: WithAudioOptions,
  kept: KeptEvidence | null,
): Promise<{ fresh: { keywords: KeywordPart | null; sound: SoundPart | null }; evidence: AcousticEvidence }> {
  const keptKeys = keptKeywords(kept, phrases);
  const keptSound = kept?.sound ?? null;
  const [spotted, silences, heard] = await Promise.all([
    keptKeys ?? spottedKeywords(wavPath, phrases, options),
    keptSound ? keptSound.silences : measureSilences(wavPath),
    keptSound ? { features: keptSound.features, fillerCandidates: keptSound.fillerCandidates } : heardSound(wavPath, options),
  ]);
  const keywords =
    keptKeys === null && spotted.searched && spotted.keywordHits
      ? { searched: [...spotted.searched], keywordHits: [...spotted.keywordHits] }
      : null;
  const sound =
    keptSound === null && heard.features && heard.fillerCandidates
      ? { silences, features: heard.features, fillerCandidates: [...heard.fillerCandidates] }
      : null;
  return { fresh: { keywords, sound }, evidence: { ...spotted, ...heard, ...(silences === null ? {} : { silences }) } };
}

/**
 * What the audio says about the spoken markers: the keyword search's hits for every wake phrase, the
 * measured pauses, the MFCC frames and the hesitations heard. Parts that cannot be gathered are left
 * out (detection uses the words for them). With a store, what was gathered on these very bytes
 * before (the sound, and the search for these phrases) is read back instead of gathered again, and
 * what is new is kept.
 */
export async function gatherEvidence(
  wavPath: string,
  phrases: readonly string[],
  options: WithAudioOptions = {},
): Promise<AcousticEvidence> {
  const store = options.store;
  if (store === undefined) return (await gatherAll(wavPath, phrases, options, null)).evidence;
  const [audio, stored] = await Promise.all([audioDigest(wavPath), store.read().catch(() => null)]);
  const kept = stored === null ? null : decodeEvidence(stored, audio);
  const { fresh, evidence } = await gatherAll(wavPath, phrases, options, kept);
  if (fresh.keywords !== null || fresh.sound !== null) {
    await store.write(encodeEvidence(keepEvidence(audio, kept, { phrases, ...fresh }))).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      options.onWarning?.(`the audio's evidence could not be kept (${reason}): the next scan gathers it again`);
    });
  }
  return evidence;
}

/**
 * Detection as the worker, the re-scan and the benchmark run it: the evidence of the audio (the
 * upload's 16 kHz working copy) weighed with the words. With no audio (null, or a file that is
 * gone) it is detectIntents on the words alone. Evidence passed in options is kept beside what is
 * gathered here.
 */
export async function detectWithAudio(
  wavPath: string | null,
  transcript: DetectableTranscript,
  settings: TAudioCleanupSettings,
  sfx: readonly TSfxKeyword[] = [],
  options: WithAudioOptions = {},
): Promise<TDetectionResult> {
  const { signal, keywordSearch, onWarning, store, ...detectOptions } = options;
  if (wavPath === null || !existsSync(wavPath)) return detectIntents(transcript, settings, sfx, detectOptions);
  const gathered = await gatherEvidence(wavPath, wakePhrases(settings, sfx), { signal, keywordSearch, onWarning, store });
  return detectIntents(transcript, settings, sfx, { ...detectOptions, evidence: { ...gathered, ...detectOptions.evidence } });
}
