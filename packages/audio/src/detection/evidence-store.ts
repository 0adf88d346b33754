import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { MARKERS } from '@ppp/contracts';
import { z } from 'zod';
import { FILLER_SOUND } from '../analysis/pitch.ts';
import type { FeatureFrames, FillerCandidate, KeywordHit, Silence } from './evidence.ts';

/**
 * Where the evidence gathered on one recording is kept (beside the upload's working copy), so that a
 * re-scan (a corrected word, a settings change, the transcript editor) weighs the same sound again
 * instead of searching and analysing the whole recording once more: the keyword search alone takes
 * seconds a minute of audio. What is kept is tied to the recording's bytes (a changed working copy
 * gathers anew) and to the version of what is gathered (EVIDENCE_VERSION).
 */
export interface EvidenceStore {
  /** The kept bytes, or null when nothing is kept. */
  read(): Promise<Uint8Array | null>;
  write(bytes: Uint8Array): Promise<void>;
}

/**
 * What decides the evidence besides the audio and the phrases: a change to any of it gathers anew.
 * Raise `format` when the keyword search, the silence measure, the MFCC or the filler sounds change.
 */
const EVIDENCE_VERSION = JSON.stringify({
  format: 1,
  kws: MARKERS.kwsSearchThreshold,
  silences: [MARKERS.silenceFrameSeconds, MARKERS.silenceLevelShare, MARKERS.minSilenceSeconds],
  fillers: FILLER_SOUND,
});

/** Phrase sets kept per recording (a creator switching settings back and forth finds each again). */
const KEPT_PHRASE_SETS = 4;

const ZSpan = z.object({ start: z.number(), end: z.number() });
const ZKeywordPart = z.object({
  phrases: z.array(z.string()),
  searched: z.array(z.string()),
  keywordHits: z.array(ZSpan.extend({ phrase: z.string(), score: z.number() })),
});
const ZKeptHead = z.object({
  version: z.string(),
  audio: z.string(),
  keywords: z.array(ZKeywordPart),
  sound: z
    .object({
      silences: z.array(ZSpan).nullable(),
      fillerCandidates: z.array(ZSpan.extend({ score: z.number() })),
      stepS: z.number(),
      frameCount: z.number().int().nonnegative(),
      coefficients: z.number().int().nonnegative(),
    })
    .nullable(),
});

export type KeywordPart = { searched: string[]; keywordHits: KeywordHit[] };

/** The sound's part: measured once per recording whatever the phrases. */
export interface SoundPart {
  silences: Silence[] | null;
  features: FeatureFrames;
  fillerCandidates: FillerCandidate[];
}

/** Evidence kept for one recording. */
export interface KeptEvidence {
  audio: string;
  keywords: (KeywordPart & { phrases: string[] })[];
  sound: SoundPart | null;
}

/** The recording's identity: a SHA-256 of its bytes, read as a stream. */
export async function audioDigest(wavPath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(wavPath) as AsyncIterable<Buffer>) hash.update(piece);
  return hash.digest('hex');
}

const samePhrases = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((phrase, i) => phrase === b[i]);

/** The kept keyword search for exactly these phrases, in this order. */
export function keptKeywords(kept: KeptEvidence | null, phrases: readonly string[]): KeywordPart | null {
  const part = kept?.keywords.find((entry) => samePhrases(entry.phrases, phrases));
  return part ? { searched: part.searched, keywordHits: part.keywordHits } : null;
}

/**
 * The bytes kept: a 4-byte little-endian length, the JSON head (version, audio, keyword searches,
 * silences, filler candidates, the frames' shape), then the MFCC frames as 32-bit floats, row after row.
 */
export function encodeEvidence(kept: KeptEvidence): Uint8Array {
  const frames = kept.sound?.features.frames ?? [];
  const coefficients = frames[0]?.length ?? 0;
  const sound = kept.sound && {
    silences: kept.sound.silences,
    fillerCandidates: kept.sound.fillerCandidates,
    stepS: kept.sound.features.stepS,
    frameCount: frames.length,
    coefficients,
  };
  const head = Buffer.from(JSON.stringify({ version: EVIDENCE_VERSION, audio: kept.audio, keywords: kept.keywords, sound }), 'utf8');
  const body = new Float32Array(frames.length * coefficients);
  frames.forEach((frame, i) => body.set(frame, i * coefficients));
  const out = Buffer.alloc(4 + head.length + body.byteLength);
  out.writeUInt32LE(head.length, 0);
  head.copy(out, 4);
  Buffer.from(body.buffer, body.byteOffset, body.byteLength).copy(out, 4 + head.length);
  return out;
}

/** The evidence kept for this recording (by its digest) under this version; null for another recording, another version or unreadable bytes. */
export function decodeEvidence(bytes: Uint8Array, audio: string): KeptEvidence | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 4) return null;
  const headLength = buffer.readUInt32LE(0);
  if (4 + headLength > buffer.length) return null;
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8', 4, 4 + headLength));
  } catch {
    return null;
  }
  const parsed = ZKeptHead.safeParse(json);
  if (!parsed.success || parsed.data.version !== EVIDENCE_VERSION || parsed.data.audio !== audio) return null;
  const { keywords, sound } = parsed.data;
  if (sound === null) return { audio, keywords, sound: null };
  const floats = sound.frameCount * sound.coefficients;
  if (buffer.length !== 4 + headLength + floats * 4) return null;
  // Copied out: the floats start at any byte offset, and a Float32Array view needs a multiple of 4.
  const body = new Float32Array(floats);
  Buffer.from(body.buffer).set(buffer.subarray(4 + headLength));
  const frames = Array.from({ length: sound.frameCount }, (_, i) => body.subarray(i * sound.coefficients, (i + 1) * sound.coefficients));
  return {
    audio,
    keywords,
    sound: { silences: sound.silences, fillerCandidates: sound.fillerCandidates, features: { stepS: sound.stepS, frames } },
  };
}

/** What is kept after a gathering: the sound once, and this phrase set's search first before the earlier ones. */
export function keepEvidence(
  audio: string,
  earlier: KeptEvidence | null,
  gathered: { phrases: readonly string[]; keywords: KeywordPart | null; sound: SoundPart | null },
): KeptEvidence {
  const others = (earlier?.keywords ?? []).filter((entry) => !samePhrases(entry.phrases, gathered.phrases));
  const keywords = gathered.keywords ? [{ phrases: [...gathered.phrases], ...gathered.keywords }, ...others] : others;
  return { audio, keywords: keywords.slice(0, KEPT_PHRASE_SETS), sound: gathered.sound ?? earlier?.sound ?? null };
}
