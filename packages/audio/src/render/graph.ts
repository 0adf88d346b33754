import type { TEdl, TEdlDuck, TEdlFile, TEdlInsert, TEdlMusicBed } from '@ppp/contracts';
import { GraphBuilder, SAMPLE_RATE, msToSamples } from './graph-builder.ts';
import {
  placeInWindow,
  runsInRange,
  splitAroundMutes,
  type ContentRun,
  type Placed,
  type SampleWindow,
  type TimelineItem,
} from './timeline.ts';

const SILENCE = `anullsrc=r=${SAMPLE_RATE}:cl=stereo`;

/** Every input chain ends exactly this long, whatever the file's real length (probes can be off). */
function exactly(b: GraphBuilder, label: string, samples: number): string {
  return b.chain(label, [`apad=whole_len=${samples}`, `atrim=end_sample=${samples}`]);
}

/** Samples [offset, offset + length) of a stream, padded with silence past its end. */
function slice(b: GraphBuilder, label: string, offset: number, length: number): string {
  if (offset === 0) return exactly(b, label, length);
  return b.chain(label, [
    `apad=whole_len=${offset + length}`,
    `atrim=start_sample=${offset}:end_sample=${offset + length}`,
    'asetpts=PTS-STARTPTS',
  ]);
}

/** Trims a stream that is at least offset + length long (generated tones) to that part of it. */
function trimTo(offset: number, length: number): string[] {
  return offset === 0
    ? [`atrim=end_sample=${length}`]
    : [`atrim=start_sample=${offset}:end_sample=${offset + length}`, 'asetpts=PTS-STARTPTS'];
}

function fileStream(b: GraphBuilder, file: TEdlFile, offset: number, length: number, gainDb = 0): string {
  const sized = slice(b, b.conform(b.input(file, false)), offset, length);
  return gainDb === 0 ? sized : b.chain(sized, [`volume=${gainDb}dB`]);
}

function insertStream(b: GraphBuilder, insert: TEdlInsert, offset: number, length: number): string {
  if (insert.source.type === 'file') return fileStream(b, insert.source.file, offset, length, insert.gain_db);
  const tone = b.source(`sine=frequency=${insert.source.frequency_hz}:sample_rate=${SAMPLE_RATE}`);
  return b.chain(tone, [...trimTo(offset, length), `volume=${insert.gain_db}dB`]);
}

/** Transcript word starts run a little late; a muted word is silenced from one 1024-sample frame before. */
const MUTE_LEAD_SAMPLES = 1024;

/** The content track as runs: kept source (muted words cut out as silence) and spliced inserts, in play order. */
function contentRuns(edl: TEdl, inserts: ReadonlyMap<string, TEdlInsert>): ContentRun[] {
  const mutes = edl.content.mutes.map((m) => ({
    start: Math.max(0, msToSamples(m.start_ms) - MUTE_LEAD_SAMPLES),
    end: msToSamples(m.end_ms),
  }));
  return edl.content.pieces.flatMap((piece): ContentRun[] => {
    if (piece.type === 'source') return splitAroundMutes(msToSamples(piece.start_ms), msToSamples(piece.end_ms), mutes);
    const insert = inserts.get(piece.insert_id);
    return insert === undefined ? [] : [{ type: 'insert', id: insert.id, length: msToSamples(insert.duration_ms) }];
  });
}

/** Whole seconds of upload before the first sample a window needs, less one for the resampler to settle. */
function sourceSkipSeconds(firstSample: number): number {
  return Math.max(0, Math.floor(firstSample / SAMPLE_RATE) - 1);
}

/**
 * Samples [offset, offset + length) of the content track: kept source audio (atrim, sample-exact)
 * and spliced answers, concatenated. Source before the window is dropped right after decoding,
 * before resampling: pts are set to the sample count first (an MP3's start time is not zero), so
 * the drop is exact and later trims count from the same sample they would in a whole render.
 */
function contentTrack(b: GraphBuilder, edl: TEdl, offset: number, length: number): string {
  const inserts = new Map(edl.inserts.map((insert) => [insert.id, insert]));
  const parts = runsInRange(contentRuns(edl, inserts), offset, length);
  const firstSource = Math.min(...parts.map(({ run, skip }) => (run.type === 'source' ? run.from + skip : Number.POSITIVE_INFINITY)));
  const sourceCount = parts.filter(({ run }) => run.type === 'source').length;
  let branches: string[] = [];
  let dropped = 0;
  if (sourceCount > 0) {
    const skipSeconds = sourceSkipSeconds(firstSource);
    const counted = b.chain(b.input(edl.content.file, false), ['asetpts=N', ...(skipSeconds > 0 ? [`atrim=start=${skipSeconds}`] : [])]);
    const conformed = b.conform(counted);
    branches = sourceCount > 1 ? b.split(conformed, sourceCount) : [conformed];
    dropped = skipSeconds * SAMPLE_RATE;
  }
  let next = 0;
  const streams = parts.map(({ run, skip, take }) => {
    if (run.type === 'silence') return b.source(SILENCE, take);
    if (run.type === 'insert') {
      const insert = inserts.get(run.id);
      return insert === undefined ? b.source(SILENCE, take) : insertStream(b, insert, skip, take);
    }
    const from = run.from + skip - dropped;
    return b.chain(branches[next++] ?? '', [`atrim=start_sample=${from}:end_sample=${from + take}`, 'asetpts=PTS-STARTPTS']);
  });
  if (streams.length === 0) return b.source(SILENCE, length);
  return exactly(b, b.concat(streams), length);
}

/** Greedy interval partitioning: items that never overlap share a lane (one concat, no mixing). */
function lanes(items: readonly Placed[]): Placed[][] {
  const result: Placed[][] = [];
  for (const item of [...items].sort((a, c) => a.start - c.start)) {
    const lane = result.find((l) => {
      const last = l.at(-1);
      return last !== undefined && last.start + last.length <= item.start;
    });
    if (lane) lane.push(item);
    else result.push([item]);
  }
  return result;
}

/** One stream per lane: each item padded with silence up to the next, the first delayed to its start. */
function laneStreams(b: GraphBuilder, items: readonly Placed[]): string[] {
  return lanes(items).map((lane) => {
    const padded = lane.map((item, index) => {
      const next = lane[index + 1];
      return next === undefined ? item.label : b.chain(item.label, [`apad=whole_len=${next.start - item.start}`]);
    });
    const first = lane[0];
    const joined = b.concat(padded);
    // Every stream is stereo by now; one delay per channel (not `all=1`) also works on older builds.
    return first !== undefined && first.start > 0 ? b.chain(joined, [`adelay=delays=${first.start}S|${first.start}S`]) : joined;
  });
}

/** Loops of up to five minutes (about 105 MB of stereo float) play from memory; two windows hold one each. */
const MAX_LOOP_IN_MEMORY_MS = 5 * 60 * 1000;

/**
 * A music bed, faded and gained. A window that starts inside the bed still renders it from the
 * bed's start and drops what comes before (aloop and afade count from there): generated music
 * costs little, and the loop and the fades then fall where they would in a whole render.
 */
function bedItem(b: GraphBuilder, bed: TEdlMusicBed): TimelineItem {
  const length = msToSamples(bed.end_ms - bed.start_ms);
  const fadeIn = msToSamples(bed.fade_in_ms);
  const fadeOut = msToSamples(bed.fade_out_ms);
  const make = (offset: number, take: number): string => {
    const end = offset + take;
    const filters = [
      `atrim=end_sample=${end}`,
      `apad=whole_len=${end}`,
      ...(fadeIn > 0 ? [`afade=t=in:ss=0:ns=${fadeIn}`] : []),
      // Only a window that reaches the fade carries it, so the graph of a stretch before it does not depend on where the bed ends.
      ...(fadeOut > 0 && end > length - fadeOut ? [`afade=t=out:ss=${length - fadeOut}:ns=${fadeOut}`] : []),
      `volume=${bed.gain_db}dB`,
      ...(offset > 0 ? [`atrim=start_sample=${offset}`, 'asetpts=PTS-STARTPTS'] : []),
    ];
    // Short music loops from memory (aloop) instead of being demuxed and decoded again on every pass.
    const inMemory = bed.loop && bed.file.duration_ms <= MAX_LOOP_IN_MEMORY_MS;
    const conformed = b.conform(b.input(bed.file, bed.loop && !inMemory));
    const looped = inMemory ? b.chain(conformed, [`aloop=loop=-1:size=${msToSamples(bed.file.duration_ms)}`]) : conformed;
    return b.chain(looped, filters);
  };
  return { start: msToSamples(bed.start_ms), length, make };
}

/** The key's level while someone speaks: a sine at the generator's default amplitude of 1/8. */
const KEY_RMS = 0.125 / Math.SQRT2;
const DUCK_RATIO = 20;

/**
 * Ducking: the sidechain key is a steady tone wherever the EDL says someone speaks, so the bed
 * drops by exactly amount_db whatever the recording's level (a key taken from the voice itself
 * would duck by more for a loud recording than for a quiet one). The compressor's attack and
 * release shape the ramps.
 */
function duckedBeds(b: GraphBuilder, edl: TEdl, bedLabel: string, duck: TEdlDuck, window: SampleWindow): string {
  if (edl.speech.length === 0) return bedLabel;
  const keyItems = edl.speech.map((range) => ({
    start: msToSamples(range.start_ms),
    length: msToSamples(range.end_ms - range.start_ms),
    make: (offset: number, take: number) => b.chain(b.source(`sine=frequency=1000:sample_rate=${SAMPLE_RATE}`), trimTo(offset, take)),
  }));
  const keys = laneStreams(b, placeInWindow(keyItems, window));
  const windowSamples = window.end - window.start;
  // A window without speech still runs the compressor (on a silent key), as a whole render would.
  const key = keys.length === 0 ? b.source(SILENCE, windowSamples) : exactly(b, b.mix(keys, windowSamples), windowSamples);
  const threshold = KEY_RMS * 10 ** (-duck.amount_db / (20 * (1 - 1 / DUCK_RATIO)));
  const options = `threshold=${threshold.toFixed(6)}:ratio=${DUCK_RATIO}:attack=${duck.attack_ms}:release=${duck.release_ms}:knee=1:detection=rms:link=maximum`;
  return b.filter([bedLabel, key], `sidechaincompress=${options}`);
}

function musicStreams(b: GraphBuilder, edl: TEdl, window: SampleWindow): string[] {
  const plain = placeInWindow(
    edl.music.filter((bed) => bed.duck === null).map((bed) => bedItem(b, bed)),
    window,
  );
  const streams = laneStreams(b, plain);
  const ducked = edl.music.filter((bed) => bed.duck !== null);
  const duck = ducked[0]?.duck;
  const placed = placeInWindow(
    ducked.map((bed) => bedItem(b, bed)),
    window,
  );
  if (duck != null && placed.length > 0)
    streams.push(duckedBeds(b, edl, b.mix(laneStreams(b, placed), window.end - window.start), duck, window));
  return streams;
}

/**
 * The episode as one filter graph: segments (the content with its cuts and splices) and overlays
 * in lanes, music beds faded, gained and ducked, all mixed without normalisation and padded or
 * trimmed to the planned length. Loudness is left to the encode step. With a window, only the
 * stretch [start, end) of the timeline is built, and totalSamples is that stretch's length.
 */
export function buildEpisodeGraph(
  edl: TEdl,
  b = new GraphBuilder(),
  window?: SampleWindow,
): { builder: GraphBuilder; output: string; totalSamples: number } {
  const span = window ?? { start: 0, end: msToSamples(edl.duration_ms) };
  const totalSamples = span.end - span.start;
  const segments: TimelineItem[] = edl.segments.map((segment) => {
    const content = segment.source === 'content';
    const length = msToSamples(content ? edl.content.duration_ms : segment.duration_ms);
    const make = (offset: number, take: number) =>
      content ? contentTrack(b, edl, offset, take) : fileStream(b, segment.file, offset, take);
    return { start: msToSamples(segment.start_ms), length, make };
  });
  const overlays: TimelineItem[] = edl.inserts
    .filter((insert) => insert.mode === 'overlay')
    .map((insert) => ({
      start: msToSamples(insert.at_ms),
      length: msToSamples(insert.duration_ms),
      make: (offset, take) => insertStream(b, insert, offset, take),
    }));
  const voice = [...laneStreams(b, placeInWindow(segments, span)), ...laneStreams(b, placeInWindow(overlays, span))];
  const all = [...voice, ...musicStreams(b, edl, span)];
  const mixed = all.length === 0 ? b.source(SILENCE, totalSamples) : b.mix(all, totalSamples);
  return { builder: b, output: exactly(b, mixed, totalSamples), totalSamples };
}
