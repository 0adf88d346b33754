import { z } from 'zod';
import { ZSegmentType } from './template.ts';

/**
 * The edit-decision list (EDL): a plain, serializable description of one episode's final timeline,
 * stored with the episode so it can be rendered again. Every time is an integer number of
 * milliseconds, so the planned arithmetic is exact; "content time" is time in the content upload,
 * "timeline time" is time in the finished episode.
 */
export const EDL = {
  version: 1,
  /** The podcast standard the renderer normalises to. */
  integratedLufs: -16,
  truePeakDbtp: -1,
  /** Loudness may land within this many LU of the target. */
  loudnessToleranceLu: 1,
  outputFormat: 'mp3',
  defaultBitrateKbps: 192,
  bitratesKbps: [64, 96, 128, 160, 192, 256, 320],
  sampleRateHz: 44_100,
  channels: 2,
  /** Music under speech drops by this much; attack and release keep the change from pumping. */
  defaultDuckDb: 12,
  duckAttackMs: 40,
  duckReleaseMs: 600,
  /** Speech stretches closer than this are one stretch, so a bed does not swell in every breath. */
  speechBridgeMs: 1000,
  /** Chapter titles are cut to this length (ID3 text frames can be long, players show one line). */
  maxChapterTitleLength: 120,
} as const;

const ms = z.number().int().min(0);
const positiveMs = z.number().int().positive();

/** A local file the renderer reads, with the demuxer to open it with (never guessed from the name). */
export const ZEdlFile = z.object({
  path: z.string().min(1),
  /** ffmpeg demuxer name (wav, mp3, ogg, flac, mov, matroska ...). */
  format: z.string().min(1),
  duration_ms: positiveMs,
});
export type TEdlFile = z.infer<typeof ZEdlFile>;

export const ZEdlSegment = z.object({
  id: z.string().min(1),
  segment_type: ZSegmentType,
  source: z.enum(['static', 'tts', 'content']),
  title: z.string(),
  file: ZEdlFile,
  /** Where it starts on the timeline; overlaps the previous segment when a timing offset is negative. */
  start_ms: ms,
  /** Its length on the timeline (the content's length after cuts and spliced inserts). */
  duration_ms: ms,
});
export type TEdlSegment = z.infer<typeof ZEdlSegment>;

export const ZEdlCutReason = z.enum(['flubber', 'filler', 'pause', 'manual', 'intern_end_marker', 'sfx_keyword']);
export type TEdlCutReason = z.infer<typeof ZEdlCutReason>;

/** A stretch of the content removed, in content time; cuts are sorted and never overlap. */
export const ZEdlCut = z.object({ start_ms: ms, end_ms: ms, reasons: z.array(ZEdlCutReason).min(1) });
export type TEdlCut = z.infer<typeof ZEdlCut>;

export const ZEdlRange = z.object({ start_ms: ms, end_ms: ms });
export type TEdlRange = z.infer<typeof ZEdlRange>;

export const ZEdlInsertSource = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), file: ZEdlFile }),
  z.object({ type: z.literal('tone'), frequency_hz: z.number().positive() }),
]);
export type TEdlInsertSource = z.infer<typeof ZEdlInsertSource>;

/**
 * Audio added to the content. A 'splice' insert (an Intern answer) pauses the content while it
 * plays; an 'overlay' insert (a sound effect, a censor beep) plays over it.
 */
export const ZEdlInsert = z.object({
  id: z.string().min(1),
  kind: z.enum(['intern', 'sfx', 'beep']),
  mode: z.enum(['splice', 'overlay']),
  title: z.string(),
  source: ZEdlInsertSource,
  /** Where it was asked for, in content time. */
  content_ms: ms,
  /** Where it plays, in timeline time. */
  at_ms: ms,
  duration_ms: positiveMs,
  gain_db: z.number(),
});
export type TEdlInsert = z.infer<typeof ZEdlInsert>;

/** One piece of the content track in play order: kept source audio, or a spliced insert. */
export const ZEdlContentPiece = z.discriminatedUnion('type', [
  z.object({ type: z.literal('source'), start_ms: ms, end_ms: ms }),
  z.object({ type: z.literal('insert'), insert_id: z.string().min(1) }),
]);
export type TEdlContentPiece = z.infer<typeof ZEdlContentPiece>;

export const ZEdlContent = z.object({
  segment_id: z.string().min(1),
  file: ZEdlFile,
  cuts: z.array(ZEdlCut),
  /** Silenced stretches in content time (censored words under their beep). */
  mutes: z.array(ZEdlRange),
  pieces: z.array(ZEdlContentPiece),
  /** The content's length in the episode: kept audio plus spliced inserts. */
  duration_ms: ms,
});
export type TEdlContent = z.infer<typeof ZEdlContent>;

export const ZEdlDuck = z.object({
  /** How far the bed drops while someone speaks. */
  amount_db: z.number().positive(),
  attack_ms: positiveMs,
  release_ms: positiveMs,
});
export type TEdlDuck = z.infer<typeof ZEdlDuck>;

export const ZEdlMusicBed = z.object({
  rule_id: z.string(),
  file: ZEdlFile,
  start_ms: ms,
  end_ms: ms,
  fade_in_ms: ms,
  fade_out_ms: ms,
  gain_db: z.number(),
  /** The music repeats when the bed is longer than the file. */
  loop: z.boolean(),
  duck: ZEdlDuck.nullable(),
  segment_ids: z.array(z.string()),
});
export type TEdlMusicBed = z.infer<typeof ZEdlMusicBed>;

export const ZEdlChapter = z.object({ title: z.string(), start_ms: ms, end_ms: ms });
export type TEdlChapter = z.infer<typeof ZEdlChapter>;

export const ZEdlMetadata = z.object({
  title: z.string().default(''),
  artist: z.string().default(''),
  album: z.string().default(''),
  comment: z.string().default(''),
  genre: z.string().default('Podcast'),
  date: z.string().default(''),
  track: z.string().default(''),
});
export type TEdlMetadata = z.infer<typeof ZEdlMetadata>;
export type TEdlMetadataInput = z.input<typeof ZEdlMetadata>;

export const ZEdlOutput = z.object({
  format: z.literal(EDL.outputFormat).default(EDL.outputFormat),
  bitrate_kbps: z
    .number()
    .int()
    .refine((kbps) => (EDL.bitratesKbps as readonly number[]).includes(kbps), { message: 'Unsupported MP3 bitrate' })
    .default(EDL.defaultBitrateKbps),
  sample_rate_hz: z.literal(EDL.sampleRateHz).default(EDL.sampleRateHz),
  channels: z.literal(EDL.channels).default(EDL.channels),
});
export type TEdlOutput = z.infer<typeof ZEdlOutput>;
export type TEdlOutputInput = z.input<typeof ZEdlOutput>;

export const ZEdlLoudness = z.object({
  integrated_lufs: z.number().default(EDL.integratedLufs),
  true_peak_dbtp: z.number().max(0).default(EDL.truePeakDbtp),
});
export type TEdlLoudness = z.infer<typeof ZEdlLoudness>;

export const ZEdl = z.object({
  version: z.literal(EDL.version),
  segments: z.array(ZEdlSegment).min(1),
  content: ZEdlContent,
  inserts: z.array(ZEdlInsert),
  music: z.array(ZEdlMusicBed),
  /** Timeline stretches where someone speaks (transcript words, voice segments, Intern answers); beds duck under them. */
  speech: z.array(ZEdlRange),
  loudness: ZEdlLoudness,
  output: ZEdlOutput,
  chapters: z.array(ZEdlChapter),
  metadata: ZEdlMetadata,
  cleanup_stats: z.object({ fillers_removed: z.number().int().min(0), pauses_compressed: z.number().int().min(0) }),
  /** The finished episode's planned length. */
  duration_ms: ms,
});
export type TEdl = z.infer<typeof ZEdl>;

/**
 * What a render keeps beside its MP3 so that a render of an edited EDL can reuse its frames: the
 * gain it applied, its bitrate, its loudness, and the mix's momentary loudness before gain (one 400 ms block every
 * 100 ms, in LUFS; silence written as the floor value, below the absolute gate).
 */
export const ZRenderMemo = z.object({
  version: z.literal(1),
  gainDb: z.number(),
  bitrateKbps: z.number().int().positive(),
  /** The mix's integrated loudness before gain, and the encoded file's (a limiter and a second pass make them differ by more than the gain). */
  mixLufs: z.number(),
  outputLufs: z.number(),
  blocks: z.array(z.number()),
});
export type TRenderMemo = z.infer<typeof ZRenderMemo>;
