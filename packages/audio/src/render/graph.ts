import type { TEdl, TEdlDuck, TEdlFile, TEdlInsert, TEdlMusicBed } from '@ppp/contracts';
import { GraphBuilder, SAMPLE_RATE, msToSamples } from './graph-builder.ts';

/** Something placed on the timeline: a stream label, where it starts and how long it is, in samples. */
interface Placed {
  label: string;
  start: number;
  length: number;
}

/** Every input chain ends exactly this long, whatever the file's real length (probes can be off). */
function exactly(b: GraphBuilder, label: string, samples: number): string {
  return b.chain(label, [`apad=whole_len=${samples}`, `atrim=end_sample=${samples}`]);
}

function fileStream(b: GraphBuilder, file: TEdlFile, samples: number, gainDb = 0): string {
  const conformed = b.conform(b.input(file, false));
  const sized = exactly(b, conformed, samples);
  return gainDb === 0 ? sized : b.chain(sized, [`volume=${gainDb}dB`]);
}

function insertStream(b: GraphBuilder, insert: TEdlInsert): string {
  const samples = msToSamples(insert.duration_ms);
  if (insert.source.type === 'file') return fileStream(b, insert.source.file, samples, insert.gain_db);
  const tone = b.source(`sine=frequency=${insert.source.frequency_hz}:sample_rate=${SAMPLE_RATE}`);
  return b.chain(tone, [`atrim=end_sample=${samples}`, `volume=${insert.gain_db}dB`]);
}

/** Silence for each muted stretch; frame-granular, so each starts one frame early to cover the word. */
function muteFilter(edl: TEdl): string[] {
  if (edl.content.mutes.length === 0) return [];
  const frame = 1024 / SAMPLE_RATE;
  const terms = edl.content.mutes.map((m) => `between(t,${Math.max(0, m.start_ms / 1000 - frame).toFixed(4)},${(m.end_ms / 1000).toFixed(4)})`);
  return [`volume=0:enable='${terms.join('+')}'`];
}

/** The content track: kept source audio (atrim, sample-exact) and spliced answers, concatenated. */
function contentTrack(b: GraphBuilder, edl: TEdl): string {
  const inserts = new Map(edl.inserts.map((insert) => [insert.id, insert]));
  const sources = edl.content.pieces.filter((piece) => piece.type === 'source');
  const conformed = b.chain(b.conform(b.input(edl.content.file, false)), muteFilter(edl));
  const branches = sources.length > 1 ? b.split(conformed, sources.length) : [conformed];
  let next = 0;
  const parts = edl.content.pieces.flatMap((piece) => {
    if (piece.type === 'source') {
      const branch = branches[next++] ?? conformed;
      const [from, to] = [msToSamples(piece.start_ms), msToSamples(piece.end_ms)];
      return [b.chain(branch, [`atrim=start_sample=${from}:end_sample=${to}`, 'asetpts=PTS-STARTPTS'])];
    }
    const insert = inserts.get(piece.insert_id);
    return insert === undefined ? [] : [insertStream(b, insert)];
  });
  if (parts.length === 0) return b.source(`anullsrc=r=${SAMPLE_RATE}:cl=stereo`, msToSamples(edl.content.duration_ms));
  const joined = parts.length === 1 ? (parts[0] ?? conformed) : b.concat(parts);
  return exactly(b, joined, msToSamples(edl.content.duration_ms));
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
    const joined = padded.length === 1 ? (padded[0] ?? '') : b.concat(padded);
    return first !== undefined && first.start > 0 ? b.chain(joined, [`adelay=delays=${first.start}S:all=1`]) : joined;
  });
}

function bedStream(b: GraphBuilder, bed: TEdlMusicBed): Placed {
  const length = msToSamples(bed.end_ms - bed.start_ms);
  const fadeIn = msToSamples(bed.fade_in_ms);
  const fadeOut = msToSamples(bed.fade_out_ms);
  const filters = [
    `atrim=end_sample=${length}`,
    `apad=whole_len=${length}`,
    ...(fadeIn > 0 ? [`afade=t=in:ss=0:ns=${fadeIn}`] : []),
    ...(fadeOut > 0 ? [`afade=t=out:ss=${length - fadeOut}:ns=${fadeOut}`] : []),
    `volume=${bed.gain_db}dB`,
  ];
  // Short music loops from memory (aloop) instead of being demuxed and decoded again on every pass.
  const inMemory = bed.loop && bed.file.duration_ms <= MAX_LOOP_IN_MEMORY_MS;
  const conformed = b.conform(b.input(bed.file, bed.loop && !inMemory));
  const looped = inMemory ? b.chain(conformed, [`aloop=loop=-1:size=${msToSamples(bed.file.duration_ms)}`]) : conformed;
  return { label: b.chain(looped, filters), start: msToSamples(bed.start_ms), length };
}

/** Ten minutes of stereo float is about 210 MB, inside the render's memory budget. */
const MAX_LOOP_IN_MEMORY_MS = 10 * 60 * 1000;

/** The key's level while someone speaks: a sine at the generator's default amplitude of 1/8. */
const KEY_RMS = 0.125 / Math.SQRT2;
const DUCK_RATIO = 20;

/**
 * Ducking: the sidechain key is a steady tone wherever the EDL says someone speaks, so the bed
 * drops by exactly amount_db whatever the recording's level (a key taken from the voice itself
 * would duck by more for a loud recording than for a quiet one). The compressor's attack and
 * release shape the ramps.
 */
function duckedBeds(b: GraphBuilder, edl: TEdl, bedLabel: string, duck: TEdlDuck, totalSamples: number): string {
  const keyParts = edl.speech.map((range) => {
    const length = msToSamples(range.end_ms - range.start_ms);
    const tone = b.source(`sine=frequency=1000:sample_rate=${SAMPLE_RATE}`);
    return { label: b.chain(tone, [`atrim=end_sample=${length}`]), start: msToSamples(range.start_ms), length };
  });
  if (keyParts.length === 0) return bedLabel;
  const key = exactly(b, b.mix(laneStreams(b, keyParts)), totalSamples);
  const threshold = KEY_RMS * 10 ** (-duck.amount_db / (20 * (1 - 1 / DUCK_RATIO)));
  const options = `threshold=${threshold.toFixed(6)}:ratio=${DUCK_RATIO}:attack=${duck.attack_ms}:release=${duck.release_ms}:knee=1:detection=rms:link=maximum`;
  return b.filter([bedLabel, key], `sidechaincompress=${options}`);
}

function musicStreams(b: GraphBuilder, edl: TEdl, totalSamples: number): string[] {
  const ducked = edl.music.filter((bed) => bed.duck !== null);
  const plain = edl.music.filter((bed) => bed.duck === null);
  const streams = laneStreams(b, plain.map((bed) => bedStream(b, bed)));
  const duck = ducked[0]?.duck;
  if (duck != null) {
    const bedMix = b.mix(laneStreams(b, ducked.map((bed) => bedStream(b, bed))));
    streams.push(duckedBeds(b, edl, bedMix, duck, totalSamples));
  }
  return streams;
}

/**
 * The whole episode as one filter graph: segments (the content with its cuts and splices) and
 * overlays in lanes, music beds faded, gained and ducked, all mixed without normalisation and
 * padded or trimmed to the planned length. Loudness is left to the encode step.
 */
export function buildEpisodeGraph(edl: TEdl, b = new GraphBuilder()): { builder: GraphBuilder; output: string; totalSamples: number } {
  const totalSamples = msToSamples(edl.duration_ms);
  const segments = edl.segments.map((segment) => ({
    label: segment.source === 'content' ? contentTrack(b, edl) : fileStream(b, segment.file, msToSamples(segment.duration_ms)),
    start: msToSamples(segment.start_ms),
    length: msToSamples(segment.duration_ms),
  }));
  const overlays = edl.inserts
    .filter((insert) => insert.mode === 'overlay')
    .map((insert) => ({ label: insertStream(b, insert), start: msToSamples(insert.at_ms), length: msToSamples(insert.duration_ms) }));
  const voice = [...laneStreams(b, segments), ...laneStreams(b, overlays)];
  const mixed = b.mix([...voice, ...musicStreams(b, edl, totalSamples)]);
  return { builder: b, output: exactly(b, mixed, totalSamples), totalSamples };
}
