/*
 * The benchmark episode: generated inputs (espeak-ng speech, pink noise, a looped music bed, a
 * sound effect) and the EDL of a 60-minute episode with 30 cuts and 10 inserts.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  DEFAULT_AUDIO_CLEANUP_SETTINGS,
  ZBackgroundMusicRule,
  ZSegment,
  type TEdl,
  type TEdlFile,
  type TTranscriptWord,
} from '@ppp/contracts';
import { planEpisode, probeAudio } from '../src/index.ts';

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
}

async function probed(file: string): Promise<TEdlFile> {
  const probe = await probeAudio(file);
  return { path: file, format: probe.formatName, duration_ms: Math.round(probe.durationSeconds * 1000) };
}

export async function makeInputs(dir: string, minutes: number) {
  const at = (name: string) => path.join(dir, name);
  const say = (name: string, text: string) => (execFileSync('espeak-ng', ['-w', at(name), text]), at(name));
  const speech = say(
    'speech.wav',
    'Welcome back to the show. Today we talk about a podcast tool that runs on your own machine, removes retakes, shortens pauses and mixes music under the voice.',
  );
  const graph = `[0:a]aresample=44100,apad=pad_dur=0.7[s];[s][1:a]amix=inputs=2:duration=first:normalize=0,atrim=end=${minutes * 60},aformat=channel_layouts=stereo`;
  ffmpeg([
    '-stream_loop',
    '-1',
    '-i',
    speech,
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=color=pink:amplitude=0.003:sample_rate=44100',
    '-filter_complex',
    graph,
    '-c:a',
    'flac',
    at('content.flac'),
  ]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=220:duration=45',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=277:duration=45',
    '-filter_complex',
    '[0][1]amix=inputs=2,tremolo=f=2:d=0.4,aformat=channel_layouts=stereo',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '192k',
    at('music.mp3'),
  ]);
  ffmpeg(['-f', 'lavfi', '-i', 'anoisesrc=color=white:amplitude=0.3:duration=1.2', '-af', 'afade=t=out:st=0.2:d=1', at('sfx.wav')]);
  return {
    content: await probed(at('content.flac')),
    intro: await probed(say('intro.wav', 'This is Podcast Plus Plus, the show about making shows. Here we go.')),
    outro: await probed(say('outro.wav', 'Thanks for listening. See you next week.')),
    answer: await probed(say('answer.wav', 'The capital of France is Paris.')),
    music: await probed(at('music.mp3')),
    sfx: await probed(at('sfx.wav')),
  };
}

export type BenchInputs = Awaited<ReturnType<typeof makeInputs>>;

/** Edits made after the first render: more manual cuts (content ms), or another outro. */
export interface BenchEdits {
  extraCuts?: { start_ms: number; end_ms: number }[];
  outro?: TEdlFile;
}

export function benchEdl(inputs: BenchInputs, edits: BenchEdits = {}): TEdl {
  const seconds = inputs.content.duration_ms / 1000;
  const words: TTranscriptWord[] = Array.from({ length: Math.floor(seconds / 0.5) }, (_, i) => ({
    text: 'word',
    start: i * 0.5,
    end: i * 0.5 + 0.4,
    confidence: null,
  }));
  const step = seconds / 31;
  const manualCuts = [
    ...Array.from({ length: 30 }, (_, i) => ({
      start_ms: Math.round((i + 1) * step * 1000),
      end_ms: Math.round((i + 1) * step * 1000) + 1500,
    })),
    ...(edits.extraCuts ?? []),
  ].sort((a, b) => a.start_ms - b.start_ms);
  const detections = {
    flubber: { count: 0, matches: [] },
    fillers: { count: 0, matches: [] },
    pauses: { count: 0, matches: [] },
    censored: { count: 0, matches: [] },
  };
  const span = (i: number, s: number) => ({ word_index: i, word_count: 1, text: 'x', start_s: s, end_s: s + 0.4 });
  const intern = Array.from({ length: 5 }, (_, i) => ({
    intern_index: i,
    ...span(i, (i + 0.5) * step * 6),
    score: 1,
    trigger_end_s: 0,
    prompt_text: `question ${i + 1}`,
    end_marker: null,
    default_end_s: 0,
    max_duration_s: 30,
  }));
  const sfx = Array.from({ length: 5 }, (_, i) => ({ media_id: 'sfx', keyword: 'applause', ...span(i, (i + 0.25) * step * 6), score: 1 }));
  const segment = (type: 'intro' | 'content' | 'outro', file: TEdlFile | null) => ({
    segment: ZSegment.parse({
      id: type,
      segment_type: type,
      source: type === 'content' ? { source_type: 'static', filename: '' } : { source_type: 'tts', text_prompt: type },
    }),
    file,
  });
  return planEpisode({
    template: {
      segments: [segment('intro', inputs.intro), segment('content', null), segment('outro', edits.outro ?? inputs.outro)],
      music: [
        {
          rule: ZBackgroundMusicRule.parse({
            apply_to_segments: ['intro', 'content', 'outro'],
            music_filename: 'music.mp3',
            volume_db: -6,
          }),
          file: inputs.music,
        },
      ],
      timing: { content_start_offset_s: -1, outro_start_offset_s: -0.5 },
    },
    content: {
      file: inputs.content,
      words,
      detections: { ...detections, intern: { count: 5, matches: intern }, sfx: { count: 5, matches: sfx } },
    },
    choices: {
      flubber: [],
      intern: intern.map((command) => ({ intern_index: command.intern_index, file: inputs.answer })),
      sfx: sfx.map((_, hit_index) => ({ hit_index, file: inputs.sfx, keep_keyword: true })),
      cleanup: { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: false, removePauses: false },
      manualCuts,
    },
    options: { metadata: { title: 'Benchmark episode', artist: 'Podcast Plus Plus' } },
  });
}
