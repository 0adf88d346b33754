import { ZDetectionResult, type TDetectionResult, type TTranscriptWord } from '@ppp/contracts';
import { describe, expect, it } from 'vitest';
import { EPISODE_VOICES, flubbedTake, planQualitySet, type Beat } from '../../bench/quality/script.ts';
import { hum, meanSquare, mixAtSnr, snrAgainst, trimSilence, whiteNoise, RATE } from '../../bench/quality/signal.ts';
import { layOut, type ClipTiming, type QualityEvents } from '../../bench/quality/truth.ts';
import { pairUp, restartShareWithin, scoreEpisode, sumScores } from '../../bench/quality/score.ts';

const CLIPS = [1, 2, 3, 4, 5].map((n) => ({ id: `clip${n}`, reference: `the words of clip number ${n} are read here` }));

/** A clip of `text` lasting `seconds`, its words sharing the time evenly. */
function clip(text: string, seconds: number): ClipTiming {
  const words = text.split(' ');
  const each = seconds / words.length;
  return { duration_s: seconds, words: words.map((w, i) => ({ text: w, start: i * each, end: (i + 1) * each, confidence: null })) };
}

const say = (role: Extract<Beat, { kind: 'say' }>['role'], text: string, retake?: number): Beat => ({
  kind: 'say',
  role,
  voice: 'flite-slt',
  text,
  retake,
});
const gap = (seconds: number, pause = false): Beat => ({ kind: 'gap', seconds, pause });

describe('the labelled set plan', () => {
  it('is the same for the same seed and different for another', () => {
    expect(planQualitySet(CLIPS, { seed: 7 })).toEqual(planQualitySet(CLIPS, { seed: 7 }));
    expect(planQualitySet(CLIPS, { seed: 7 })).not.toEqual(planQualitySet(CLIPS, { seed: 8 }));
  });

  it('has 12 episodes, the keyword said in half, every retake in order, long pauses only where inserted', () => {
    const set = planQualitySet(CLIPS);
    expect(set.map((e) => e.voice)).toEqual(EPISODE_VOICES);
    const says = (role: string) => set.filter((e) => e.beats.some((b) => b.kind === 'say' && b.role === role)).length;
    expect(says('sfx')).toBe(6);
    expect(says('intern')).toBe(6);
    expect(says('repeat')).toBe(4);
    for (const episode of set) {
      const roles = episode.beats.flatMap((b) => (b.kind === 'say' && b.retake !== undefined ? [`${b.retake}:${b.role}`] : []));
      const retakes = new Set(roles.map((r) => r.split(':')[0]));
      for (const r of retakes)
        expect([
          [`${r}:take`, `${r}:marker`, `${r}:again`],
          [`${r}:repeat`, `${r}:again`],
        ]).toContainEqual(roles.filter((x) => x.startsWith(`${r}:`)));
      for (const beat of episode.beats) if (beat.kind === 'gap') expect(beat.seconds > 1.8).toBe(beat.pause);
    }
  });

  it('voices a missing local voice with the one installed, and says so in the id', () => {
    const set = planQualitySet(CLIPS, { voiceFor: () => 'espeak-ng' });
    expect(set.filter((e) => e.voice !== 'librivox').every((e) => e.voice === 'espeak-ng' && e.id.endsWith('espeak-ng'))).toBe(true);
  });

  it('cuts a flubbed take part-way, keeping at least two words and never the whole sentence', () => {
    expect(flubbedTake('one two three four five six', 0.5)).toEqual({ text: 'one two three', words: 3 });
    expect(flubbedTake('one two three', 0.1).words).toBe(2);
    expect(flubbedTake('one two three', 1).words).toBe(2);
  });
});

describe('laying out the truth', () => {
  const beats: Beat[] = [
    say('speech', 'welcome to the show'),
    gap(0.5),
    say('take', 'i like to', 0),
    gap(0.4),
    say('marker', 'flubber', 0),
    gap(0.6),
    say('again', 'i like to water early', 0),
    gap(2.5, true),
    say('intern', 'intern what do you like stop'),
    gap(0.5),
    say('repeat', 'we asked', 1),
    gap(0.5),
    say('again', 'we asked them', 1),
    gap(0.5),
    say('filler', 'um'),
    gap(0.3),
    say('sfx', 'ding'),
  ];
  const clips = [
    clip('welcome to the show', 2),
    clip('i like to', 1.2),
    clip('flubber', 0.4),
    clip('i like to water early', 2),
    clip('intern what do you like stop', 3),
    clip('we asked', 1),
    clip('we asked them', 1.5),
    clip('um', 0.3),
    clip('ding', 0.25),
  ];
  const laid = layOut(beats, clips);

  it('puts each event where its clip starts, after the clips and gaps before it', () => {
    expect(laid.events.retakes).toEqual([
      {
        restart_s: 2.5,
        take: { start_s: 2.5, end_s: 3.7, text: 'i like to' },
        marker: { start_s: 4.1, end_s: 4.5 },
        again: { start_s: 5.1, end_s: 7.1 },
      },
    ]);
    expect(laid.events.pauses).toEqual([{ start_s: 7.1, end_s: 9.6 }]);
    expect(laid.events.intern).toEqual([
      {
        start_s: 9.6,
        end_s: 12.6,
        prompt: 'what do you like',
        trigger: { start_s: 9.6, end_s: 10.1 },
        stop: { start_s: 12.1, end_s: 12.6 },
      },
    ]);
    expect(laid.events.repeats).toEqual([
      { restart_s: 13.1, take: { start_s: 13.1, end_s: 14.1, text: 'we asked' }, again: { start_s: 14.6, end_s: 16.1 } },
    ]);
    expect(laid.events.fillers).toEqual([{ text: 'um', start_s: 16.6, end_s: 16.9 }]);
    expect(laid.events.sfx).toEqual([{ start_s: 17.2, end_s: 17.45 }]);
    expect(laid.duration_s).toBe(17.45);
  });

  it('keeps every word at its time and counts real uses of like only in what the host says, not in a command', () => {
    expect(laid.words.map((w) => w.text).join(' ')).toBe(
      'welcome to the show i like to flubber i like to water early intern what do you like stop we asked we asked them um ding',
    );
    expect(laid.words.find((w) => w.text === 'water')).toMatchObject({ start: 6.3, end: 6.7 });
    expect(laid.events.realWords.map((r) => [r.text, r.start_s])).toEqual([
      ['like', 2.9],
      ['like', 5.5],
    ]);
  });

  it('refuses a plan with fewer clips than phrases', () => {
    expect(() => layOut(beats, clips.slice(0, 3))).toThrow(/no clip/);
  });
});

describe('noise at a measured level', () => {
  const length = RATE * 4;
  const speech = Float32Array.from({ length }, (_, i) => (i < RATE || i >= 3 * RATE ? 0 : 0.1 * Math.sin((2 * Math.PI * 220 * i) / RATE)));
  const spans = [{ start_s: 1, end_s: 3 }];

  it.each([20, 10, 5])('mixes white noise at %i dB SNR over the speech', (snr) => {
    const { mixed, snrDb } = mixAtSnr(speech, whiteNoise(length, 3), spans, snr);
    expect(snrDb).toBeCloseTo(snr, 1);
    // The silence before the speech now holds only the noise, at the level the SNR asks for.
    expect(10 * Math.log10(meanSquare(speech, RATE, 3 * RATE) / meanSquare(mixed, 0, RATE))).toBeCloseTo(snr, 0);
  });

  it('measures a processed copy against the clean speech whatever its gain', () => {
    const { mixed } = mixAtSnr(speech, whiteNoise(length, 4), spans, 10);
    expect(snrAgainst(speech, mixed, spans)).toBeCloseTo(10, 0);
    expect(
      snrAgainst(
        speech,
        mixed.map((x) => 0.5 * x),
        spans,
      ),
    ).toBeCloseTo(10, 0);
    const cleaner = speech.map((x, i) => x + 0.1 * ((mixed[i] ?? 0) - x));
    expect(snrAgainst(speech, cleaner, spans)).toBeCloseTo(30, 0);
  });

  it('makes hum of unit power at 50 Hz and noise that repeats with its seed', () => {
    expect(meanSquare(hum(RATE, 50))).toBeCloseTo(1, 2);
    expect(whiteNoise(100, 5)).toEqual(whiteNoise(100, 5));
    expect(whiteNoise(100, 5)).not.toEqual(whiteNoise(100, 6));
  });

  it('trims silence to the speech with a 10 ms margin', () => {
    expect(trimSilence(speech).length).toBeGreaterThan(2 * RATE);
    expect(trimSilence(speech).length).toBeLessThanOrEqual(2 * RATE + 2 * 160);
    expect(trimSilence(new Float32Array(100)).length).toBe(0);
  });
});

describe('scoring detections against the truth', () => {
  const truthWords: TTranscriptWord[] = [
    ['i', 2.5, 2.7],
    ['like', 2.8, 3.1],
    ['to', 3.2, 3.5],
    ['flubber', 4.1, 4.5],
    ['i', 5.1, 5.3],
    ['like', 5.4, 5.7],
    ['um', 8, 8.3],
    ['welcome', 10, 10.4],
    ['to', 10.5, 10.7],
  ].map(([text, start, end]) => ({ text: String(text), start: Number(start), end: Number(end), confidence: null }));
  const events: QualityEvents = {
    retakes: [
      {
        restart_s: 2.5,
        take: { start_s: 2.5, end_s: 3.5, text: 'i like to' },
        marker: { start_s: 4.1, end_s: 4.5 },
        again: { start_s: 5.1, end_s: 5.7 },
      },
    ],
    repeats: [{ restart_s: 10, take: { start_s: 10, end_s: 10.7, text: 'welcome to' }, again: { start_s: 11, end_s: 12 } }],
    intern: [],
    sfx: [],
    fillers: [{ text: 'um', start_s: 8, end_s: 8.3 }],
    realWords: [
      { text: 'like', start_s: 2.8, end_s: 3.1 },
      { text: 'like', start_s: 5.4, end_s: 5.7 },
    ],
    pauses: [{ start_s: 6, end_s: 7.9 }],
  };
  const span = (text: string, word_index: number, start_s: number, end_s: number) => ({ text, word_index, word_count: 1, start_s, end_s });
  const detection = (found: Partial<Record<keyof TDetectionResult, unknown[]>>): TDetectionResult =>
    ZDetectionResult.parse(
      Object.fromEntries(
        ['flubber', 'intern', 'sfx', 'fillers', 'pauses', 'censored'].map((k) => [
          k,
          { count: found[k as keyof TDetectionResult]?.length ?? 0, matches: found[k as keyof TDetectionResult] ?? [] },
        ]),
      ),
    );
  const marker = (at: number, cutStart: number) => ({
    flubber_index: 0,
    ...span('flubber', 3, at, at + 0.4),
    score: 1,
    flubber_time_s: at,
    flubber_end_s: at + 0.4,
    cut_start_s: cutStart,
    cut_end_s: 5,
    retake_found: true,
  });

  it('finds the retake, measures the restart error and names a false marker by what was said there', () => {
    const score = scoreEpisode({ words: truthWords, events }, truthWords, detection({ flubber: [marker(4.2, 2.3), marker(10.1, 9.9)] }));
    expect(score.flubber).toMatchObject({ truth: 1, found: 1, retakeFound: 1, restartErrors: [0.2], misses: [] });
    expect(score.flubber.falseMarkers).toEqual([{ at_s: 10.1, text: "said 'welcome'" }]);
  });

  it('says what the recogniser heard where a marker was missed', () => {
    const heard = truthWords.map((w) => (w.text === 'flubber' ? { ...w, text: 'rubber' } : w));
    const score = scoreEpisode({ words: truthWords, events }, heard, detection({}));
    expect(score.flubber.found).toBe(0);
    expect(score.flubber.misses).toEqual([{ at_s: 4.1, text: "heard 'rubber'" }]);
    expect(score.words).toEqual({ reference: 9, errors: 1 });
  });

  it('counts a filler cut on a real like as a cut on a non-filler and a real word cut', () => {
    const filler = (text: string, at: number, end: number) => ({
      filler: text,
      ...span(text, 0, at, end),
      cut_start_s: at - 0.1,
      cut_end_s: end,
    });
    const score = scoreEpisode(
      { words: truthWords, events },
      truthWords,
      detection({ fillers: [filler('um', 8, 8.3), filler('like', 5.4, 5.7)] }),
    );
    expect(score.fillers).toMatchObject({ truth: 1, found: 1, realWordsCut: 1, recogniserFillerTokens: 1 });
    expect(score.fillers.cutsOnNonFillers).toEqual([{ at_s: 5.3, text: "'like' cut where was said 'like'" }]);
  });

  it('finds a pause whose cut falls in the inserted silence and flags one that cuts speech', () => {
    const pause = (start: number, end: number) => ({
      after_word_index: 0,
      start_s: start,
      end_s: end,
      duration_s: end - start,
      cut_start_s: start + 0.6,
      cut_end_s: end,
    });
    const score = scoreEpisode({ words: truthWords, events }, truthWords, detection({ pauses: [pause(5.7, 8), pause(8.3, 10.5)] }));
    expect(score.pauses.found).toBe(1);
    expect(score.pauses.cutsOverSpeech.map((n) => n.at_s)).toEqual([8.9]);
  });

  it('counts a suggestion at the abandoned take as found and one elsewhere as false', () => {
    const withSuggestions = {
      ...detection({}),
      suggestions: {
        count: 2,
        matches: [
          { cut_start_s: 9.9, cut_end_s: 10.9 },
          { cut_start_s: 2.4, cut_end_s: 5 },
        ],
      },
    } as TDetectionResult;
    const score = scoreEpisode({ words: truthWords, events }, truthWords, withSuggestions);
    expect(score.suggestions).toEqual({ truth: 1, found: 1, falseSuggestions: [{ at_s: 2.4, text: "said 'i like to flubber'" }] });
    expect(scoreEpisode({ words: truthWords, events }, truthWords, detection({})).suggestions.found).toBe(0);
  });

  it('pairs each truth with one detection at most and sums episodes', () => {
    const { pairs, extra } = pairUp([{ start_s: 1, end_s: 1.2 }], [1.1, 1.3, 5], (x) => x);
    expect(pairs).toEqual([[0, 1.1]]);
    expect(extra).toEqual([1.3, 5]);
    const one = scoreEpisode({ words: truthWords, events }, truthWords, detection({ flubber: [marker(4.2, 2.5)] }));
    const sum = sumScores([one, one]);
    expect(sum.flubber).toMatchObject({ truth: 2, found: 2, restartErrors: [0, 0] });
    expect(sum.words.reference).toBe(18);
  });

  it('takes a restart error of exactly 0.3 s as within, and 0.31 s as not', () => {
    expect(restartShareWithin([0.3, 0.31, 0.1, 2])).toBe(0.5);
    expect(restartShareWithin([])).toBe(0);
  });
});
