import { ZEdl } from '@ppp/contracts';
import { describe, expect, it } from 'vitest';
import { mergeCuts, planEpisode } from '../../src/edl/index.ts';
import { baseInput, cleanup, emptyDetections, file, musicRule, retake, segment, span } from './fixtures.ts';

describe('cuts', () => {
  it('merges overlapping and touching cuts, keeps every reason, sorts, clamps and drops empty ones', () => {
    const cuts = mergeCuts(
      [
        { start_ms: 5000, end_ms: 6000, reason: 'manual' },
        { start_ms: 1000, end_ms: 2000, reason: 'flubber' },
        { start_ms: 1800, end_ms: 2100, reason: 'filler' },
        { start_ms: 2100, end_ms: 2500, reason: 'pause' },
        { start_ms: 7000, end_ms: 7000, reason: 'manual' },
        { start_ms: 9500, end_ms: 12_000, reason: 'manual' },
      ],
      10_000,
    );
    expect(cuts).toEqual([
      { start_ms: 1000, end_ms: 2500, reasons: ['flubber', 'filler', 'pause'] },
      { start_ms: 5000, end_ms: 6000, reasons: ['manual'] },
      { start_ms: 9500, end_ms: 10_000, reasons: ['manual'] },
    ]);
  });

  it('cuts chosen retakes, fillers with the lead trim (never into the previous word) and long pauses down to the target', () => {
    const detections = emptyDetections();
    detections.flubber.matches = [retake(0, 3, 10), retake(1, 9, 30)];
    detections.fillers.matches = [
      { filler: 'um', ...span(5, 'um', 20, 20.3), cut_start_s: 19.9, cut_end_s: 20.3 },
      { filler: 'uh', ...span(7, 'uh', 25, 25.2), cut_start_s: 24.95, cut_end_s: 25.2 },
    ];
    detections.pauses.matches = [
      { after_word_index: 8, start_s: 40, end_s: 43, duration_s: 3, cut_start_s: 40.6, cut_end_s: 43 },
      { after_word_index: 10, start_s: 50, end_s: 51.8, duration_s: 1.8, cut_start_s: 50.6, cut_end_s: 51.8 },
    ];
    const words = Array.from({ length: 12 }, (_, i) => ({ text: `w${i}`, start: 0, end: 0, confidence: null }));
    words[4] = { text: 'before', start: 19, end: 19.8, confidence: null };
    words[6] = { text: 'close', start: 24, end: 24.95, confidence: null };
    const edl = planEpisode(
      baseInput({
        content: { file: file('upload.wav', 60_000), words, detections },
        choices: {
          flubber: [1],
          intern: [],
          sfx: [],
          cleanup: cleanup({ fillerLeadTrimMs: 150 }),
          manualCuts: [{ start_ms: 55_000, end_ms: 55_019 }],
        },
      }),
    );
    expect(edl.content.cuts).toEqual([
      { start_ms: 19_850, end_ms: 20_300, reasons: ['filler'] },
      { start_ms: 24_950, end_ms: 25_200, reasons: ['filler'] },
      { start_ms: 29_250, end_ms: 30_250, reasons: ['flubber'] },
      { start_ms: 40_600, end_ms: 43_000, reasons: ['pause'] },
    ]);
    expect(edl.cleanup_stats).toEqual({ fillers_removed: 2, pauses_compressed: 1 });
    const removed = 450 + 250 + 1000 + 2400;
    expect(edl.content.duration_ms).toBe(60_000 - removed);
    expect(edl.duration_ms).toBe(5000 + 60_000 - removed + 4000);
  });

  it('leaves fillers and pauses alone when their settings are off', () => {
    const detections = emptyDetections();
    detections.fillers.matches = [{ filler: 'um', ...span(1, 'um', 2, 2.3), cut_start_s: 1.9, cut_end_s: 2.3 }];
    detections.pauses.matches = [{ after_word_index: 2, start_s: 5, end_s: 9, duration_s: 4, cut_start_s: 5.6, cut_end_s: 9 }];
    const edl = planEpisode(baseInput({ content: { file: file('upload.wav', 60_000), words: [], detections } }));
    expect(edl.content.cuts).toEqual([]);
    expect(edl.content.pieces).toEqual([{ type: 'source', start_ms: 0, end_ms: 60_000 }]);
  });
});

describe('inserts', () => {
  it('moves a sound effect whose keyword falls inside a cut to the cut edge, and cuts the keyword', () => {
    const detections = emptyDetections();
    detections.flubber.matches = [retake(0, 3, 10)];
    detections.sfx.matches = [
      { media_id: 'm1', keyword: 'applause', ...span(2, 'applause', 9.5, 9.9), score: 1 },
      { media_id: 'm1', keyword: 'applause', ...span(8, 'applause', 20, 20.5), score: 1 },
    ];
    const applause = file('applause.wav', 1500);
    const edl = planEpisode(
      baseInput({
        content: { file: file('upload.wav', 60_000), words: [], detections },
        choices: {
          flubber: [0],
          intern: [],
          sfx: [
            { hit_index: 0, file: applause },
            { hit_index: 1, file: applause, gain_db: -3 },
          ],
          cleanup: cleanup({ removeFillers: false, removePauses: false }),
        },
      }),
    );
    expect(edl.content.cuts).toEqual([
      { start_ms: 9250, end_ms: 10_250, reasons: ['flubber', 'sfx_keyword'] },
      { start_ms: 20_000, end_ms: 20_500, reasons: ['sfx_keyword'] },
    ]);
    const [inCut, later] = edl.inserts;
    // Inside the retake: plays where the audio before and after the cut now meet.
    expect(inCut).toMatchObject({ kind: 'sfx', mode: 'overlay', content_ms: 9250, at_ms: 5000 + 9250, duration_ms: 1500 });
    expect(later).toMatchObject({ content_ms: 20_000, at_ms: 5000 + 20_000 - 1000, gain_db: -3 });
    expect(edl.content.duration_ms).toBe(60_000 - 1000 - 500);
  });

  it('splices an Intern answer at the end of its command, cutting the spoken stop, and shifts what follows', () => {
    const detections = emptyDetections();
    detections.intern.matches = [
      {
        intern_index: 0,
        ...span(4, 'intern what is the capital of france stop', 12, 15),
        score: 1,
        trigger_end_s: 12.4,
        prompt_text: 'what is the capital of France',
        end_marker: { ...span(10, 'stop', 14.6, 15), score: 1 },
        default_end_s: 18,
        max_duration_s: 30,
      },
    ];
    detections.sfx.matches = [{ media_id: 'm1', keyword: 'ding', ...span(12, 'ding', 30, 30.3), score: 1 }];
    const answer = file('answer.wav', 3210);
    const edl = planEpisode(
      baseInput({
        content: { file: file('upload.wav', 60_000), words: [], detections },
        choices: {
          flubber: [],
          intern: [{ intern_index: 0, file: answer }],
          sfx: [{ hit_index: 0, file: file('ding.wav', 400), keep_keyword: true }],
          cleanup: cleanup({ removeFillers: false, removePauses: false }),
        },
      }),
    );
    expect(edl.content.cuts).toEqual([{ start_ms: 14_600, end_ms: 15_000, reasons: ['intern_end_marker'] }]);
    expect(edl.content.pieces).toEqual([
      { type: 'source', start_ms: 0, end_ms: 14_600 },
      { type: 'insert', insert_id: 'intern-0' },
      { type: 'source', start_ms: 15_000, end_ms: 60_000 },
    ]);
    const intern = edl.inserts.find((insert) => insert.kind === 'intern');
    const ding = edl.inserts.find((insert) => insert.kind === 'sfx');
    expect(intern).toMatchObject({ mode: 'splice', content_ms: 15_000, at_ms: 5000 + 14_600, duration_ms: 3210 });
    expect(ding).toMatchObject({ at_ms: 5000 + 30_000 - 400 + 3210 });
    expect(edl.content.duration_ms).toBe(60_000 - 400 + 3210);
    expect(edl.duration_ms).toBe(5000 + 60_000 - 400 + 3210 + 4000);
    expect(edl.chapters).toEqual([
      { title: 'Intro', start_ms: 0, end_ms: 5000 },
      { title: 'Content', start_ms: 5000, end_ms: 19_600 },
      { title: 'Intern: what is the capital of France', start_ms: 19_600, end_ms: 22_810 },
      { title: 'Content', start_ms: 22_810, end_ms: 67_810 },
      { title: 'Outro', start_ms: 67_810, end_ms: 71_810 },
    ]);
  });

  it('silences censored words and beeps over them with a tone, or the beep file when one is set', () => {
    const detections = emptyDetections();
    detections.censored.matches = [{ censor_word: 'darn', ...span(3, 'darn', 7, 7.4), score: 1 }];
    const input = baseInput({ content: { file: file('upload.wav', 60_000), words: [], detections } });
    input.choices.cleanup = cleanup({ removeFillers: false, removePauses: false, censorEnabled: true, censorBeepGainDb: -6 });
    const toneEdl = planEpisode(input);
    expect(toneEdl.content.mutes).toEqual([{ start_ms: 7000, end_ms: 7400 }]);
    expect(toneEdl.inserts).toEqual([
      expect.objectContaining({
        kind: 'beep',
        mode: 'overlay',
        source: { type: 'tone', frequency_hz: 1000 },
        at_ms: 12_000,
        duration_ms: 250,
        gain_db: -6,
      }),
    ]);
    const beep = file('beep.wav', 600);
    const fileEdl = planEpisode({ ...input, choices: { ...input.choices, censorBeepFile: beep } });
    expect(fileEdl.inserts[0]).toMatchObject({ source: { type: 'file', file: beep }, duration_ms: 600 });
  });
});

describe('segments and offsets', () => {
  it('overlaps the content with the intro and the outro with the content on negative offsets', () => {
    const input = baseInput();
    input.template.timing = { content_start_offset_s: -2, outro_start_offset_s: -1.5 };
    const edl = planEpisode(input);
    expect(edl.segments.map((s) => [s.segment_type, s.start_ms, s.duration_ms])).toEqual([
      ['intro', 0, 5000],
      ['content', 3000, 60_000],
      ['outro', 61_500, 4000],
    ]);
    expect(edl.duration_ms).toBe(65_500);
    expect(edl.chapters.map((c) => [c.title, c.start_ms, c.end_ms])).toEqual([
      ['Intro', 0, 3000],
      ['Content', 3000, 61_500],
      ['Outro', 61_500, 65_500],
    ]);
  });

  it('leaves a gap on positive offsets and never starts a segment before the one before it', () => {
    const input = baseInput();
    input.template.timing = { content_start_offset_s: 1.5, outro_start_offset_s: -600 };
    const edl = planEpisode(input);
    expect(edl.segments.map((s) => s.start_ms)).toEqual([0, 6500, 6500]);
    expect(edl.duration_ms).toBe(66_500);
  });

  it('keeps the episode ending with the content when the outro is shorter than its overlap', () => {
    const input = baseInput();
    input.template.timing = { content_start_offset_s: 0, outro_start_offset_s: -10 };
    expect(planEpisode(input).duration_ms).toBe(65_000);
  });
});

describe('music beds', () => {
  it('lays one bed per run of covered segments, with offsets, fades and the rule volume', () => {
    const input = baseInput();
    input.template.segments = [segment('intro', 5000), segment('content', null), segment('commercial', 3000), segment('outro', 4000)];
    input.template.music = [
      musicRule({ id: 'under-voice', apply_to_segments: ['intro', 'content'], start_offset_s: 0.5, end_offset_s: -1, volume_db: -12 }),
      musicRule({ id: 'edges', apply_to_segments: ['intro', 'outro'], fade_in_s: 1, fade_out_s: 1 }, 2000),
    ];
    const edl = planEpisode(input);
    expect(edl.duration_ms).toBe(72_000);
    expect(edl.music.map((b) => [b.rule_id, b.start_ms, b.end_ms, b.fade_in_ms, b.fade_out_ms, b.gain_db, b.loop])).toEqual([
      ['under-voice', 500, 66_000, 2000, 3000, -12, true],
      ['edges', 0, 5000, 1000, 1000, -7.96, true],
      ['edges', 68_000, 72_000, 1000, 1000, -7.96, true],
    ]);
    expect(edl.music[1]?.segment_ids).toEqual(['intro-5000']);
    expect(edl.music[0]?.duck).toEqual({ amount_db: 12, attack_ms: 40, release_ms: 600 });
  });

  it('keeps beds inside the episode, shrinks fades that do not fit and drops empty beds', () => {
    const input = baseInput();
    input.template.music = [
      musicRule({ apply_to_segments: ['intro'], start_offset_s: -3, end_offset_s: 2, fade_in_s: 4, fade_out_s: 4 }),
      musicRule({ apply_to_segments: ['outro'], start_offset_s: 2, end_offset_s: 2.5 }),
      musicRule({ apply_to_segments: ['outro'], end_offset_s: -5 }),
    ];
    input.options = { duckDb: 0 };
    const edl = planEpisode(input);
    expect(edl.music.map((b) => [b.start_ms, b.end_ms, b.fade_in_ms, b.fade_out_ms, b.duck])).toEqual([
      [0, 3000, 1500, 1500, null],
      [65_000, 69_000, 1600, 2400, null],
    ]);
  });
});

describe('the EDL', () => {
  it('is plain data that survives JSON and validates, with the podcast loudness target and MP3 output', () => {
    const edl = planEpisode(baseInput({ options: { output: { bitrate_kbps: 128 }, metadata: { title: 'Episode 1' } } }));
    expect(ZEdl.parse(JSON.parse(JSON.stringify(edl)))).toEqual(edl);
    expect(edl.loudness).toEqual({ integrated_lufs: -16, true_peak_dbtp: -1 });
    expect(edl.output).toEqual({ format: 'mp3', bitrate_kbps: 128, sample_rate_hz: 44_100, channels: 2 });
    expect(edl.metadata.title).toBe('Episode 1');
  });

  it('refuses a template without a content segment', () => {
    const input = baseInput();
    input.template.segments = [segment('intro', 5000)];
    expect(() => planEpisode(input)).toThrow('no content segment');
  });
});

describe('speech for ducking', () => {
  it('maps the kept parts of words to the timeline, counts voice segments and answers, and bridges short gaps', () => {
    const detections = emptyDetections();
    const words = [
      { text: 'one', start: 1, end: 2, confidence: null },
      { text: 'two', start: 2.5, end: 3, confidence: null },
      { text: 'cut', start: 10, end: 12, confidence: null },
      { text: 'three', start: 20, end: 21, confidence: null },
    ];
    const edl = planEpisode(
      baseInput({
        content: { file: file('upload.wav', 60_000), words, detections },
        choices: {
          flubber: [],
          intern: [],
          sfx: [],
          cleanup: cleanup({ removeFillers: false, removePauses: false }),
          manualCuts: [{ start_ms: 11_000, end_ms: 15_000 }],
        },
      }),
    );
    // Intro 0-5 s bridges to the first word at 6 s; 'cut' keeps 10-11 s; 'three' lands at 5 + 20 - 4 s.
    expect(edl.speech).toEqual([
      { start_ms: 0, end_ms: 8000 },
      { start_ms: 15_000, end_ms: 16_000 },
      { start_ms: 21_000, end_ms: 22_000 },
      { start_ms: 61_000, end_ms: 65_000 },
    ]);
  });
});
