import { ZSegment, type TDetectionResult, type TTranscriptWord } from '@ppp/contracts';
import { describe, expect, it } from 'vitest';
import { CENSORED_WORD, planEpisode, publishedChapters, publishedWords, withoutCueWords, type PlanInput } from '../../src/edl/index.ts';
import { baseInput, cleanup, emptyDetections, file, segment, span } from './fixtures.ts';

/** Words of `text` one after another from `startS`, each `stepS` long. */
function say(text: string, startS: number, stepS = 0.4): TTranscriptWord[] {
  return text
    .split(' ')
    .map((word, i) => ({ text: word, start: startS + i * stepS, end: startS + (i + 1) * stepS - 0.05, confidence: 0.9 }));
}

/*
 * A 60 s upload: a flubbed take (1.0 s), 'flubber' (3.0 s), the retake (4.0 s), 'um' (7.0 s), an
 * Intern command with its 'stop' (10.0 s to 12.35 s), then the rest of the talk (14.0 s on).
 */
const FLUBBED = say('the tomatos need less walter', 1.0);
const MARKER = say('flubber', 3.0);
const RETAKE = say('tomatoes need less water in august', 4.0);
const FILLER = say('um', 7.0);
const COMMAND = say('intern what is the ideal soil ph stop', 10.0, 0.3);
const REST = say('thanks for listening to the garden hour', 14.0);
const WORDS = [...FLUBBED, ...MARKER, ...RETAKE, ...FILLER, ...COMMAND, ...REST];
const index = (word: TTranscriptWord) => WORDS.indexOf(word);

function detections(): TDetectionResult {
  const found = emptyDetections();
  const marker = MARKER[0]!;
  found.flubber.matches = [
    {
      flubber_index: 0,
      ...span(index(marker), 'flubber', marker.start, marker.end),
      score: 1,
      flubber_time_s: marker.start,
      flubber_end_s: marker.end,
      // The retake was found: the cut runs from the flubbed take's first word to the retake's.
      cut_start_s: 0.95,
      cut_end_s: 3.95,
      retake_found: true,
    },
  ];
  const stop = COMMAND.at(-1)!;
  found.intern.matches = [
    {
      intern_index: 0,
      ...span(index(COMMAND[0]!), 'intern what is the ideal soil ph stop', 10.0, stop.end),
      word_count: COMMAND.length,
      score: 1,
      trigger_end_s: COMMAND[0]!.end,
      prompt_text: 'what is the ideal soil ph',
      end_marker: { ...span(index(stop), 'stop', stop.start, stop.end), score: 1 },
      default_end_s: 16,
      max_duration_s: 30,
    },
  ];
  const um = FILLER[0]!;
  found.fillers.matches = [{ filler: 'um', ...span(index(um), 'um', um.start, um.end), cut_start_s: um.start, cut_end_s: um.end }];
  return found;
}

const ANSWER = 'Most vegetables like a soil pH between six and seven.';
const OUTRO_SCRIPT = 'Thanks for listening to The Garden Hour';

/** Intro 5 s, the upload, a 4 s AI-voice outro; the retake cut, fillers removed, the command answered with a 2 s clip. */
function input(over: Partial<PlanInput['choices']> = {}): PlanInput {
  const base = baseInput();
  const outro = {
    segment: ZSegment.parse({ id: 'outro-tts', segment_type: 'outro', source: { source_type: 'tts', text_prompt: OUTRO_SCRIPT } }),
    file: file('outro.mp3', 4000, 'mp3'),
  };
  return {
    ...base,
    template: { ...base.template, segments: [segment('intro', 5000), segment('content', null), outro] },
    content: { file: file('upload.wav', 60_000), words: WORDS, detections: detections() },
    choices: {
      flubber: [0],
      intern: [{ intern_index: 0, file: file('answer.wav', 2000) }],
      sfx: [],
      cleanup: cleanup({ removeFillers: true, fillerLeadTrimMs: 0, removePauses: false }),
      ...over,
    },
  };
}

const TRIGGERS = ['flubber', 'intern'];
const spoken = { inserts: { 'intern-0': ANSWER }, segments: { 'outro-tts': OUTRO_SCRIPT } };

function published(plan: PlanInput) {
  const edl = planEpisode(plan);
  return { edl, words: publishedWords({ edl, words: WORDS, detections: plan.content.detections, spoken, triggerWords: TRIGGERS }) };
}

const texts = (words: readonly TTranscriptWord[]) => words.map((w) => w.text);

describe('publishedWords', () => {
  it('publishes what the rendered episode says: no cue word, no cut take, no removed filler, the answer and the outro script in', () => {
    const { edl, words } = published(input());
    expect(texts(words).join(' ')).toBe(
      ['tomatoes need less water in august', 'thanks for listening to the garden hour', OUTRO_SCRIPT]
        .join(' ')
        // The answer plays between the command and the rest of the talk.
        .replace('august thanks', `august ${ANSWER} thanks`),
    );
    for (const gone of ['flubber', 'intern', 'stop', 'um', 'walter', 'tomatos', 'ideal']) expect(texts(words)).not.toContain(gone);
    const starts = words.map((w) => w.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const word of words) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThanOrEqual(edl.duration_ms / 1000);
    }
  });

  it('moves each word by the intro, the cuts before it and the answer spliced before it', () => {
    const { edl, words } = published(input());
    // Cuts: the retake 0.95-3.95 s, 'um' 7.0-7.35 s, 'stop' 12.1-12.35 s; the 2 s answer goes in at 12.35 s.
    expect(edl.content.cuts.map((c) => [c.start_ms, c.end_ms])).toEqual([
      [950, 3950],
      [7000, 7350],
      [12_100, 12_350],
    ]);
    const at = (text: string) => words.find((w) => w.text === text)!;
    // 'tomatoes' at 4.0 s: 5 s of intro, minus the 3 s retake.
    expect(at('tomatoes').start).toBe(6);
    // 'thanks' at 14.0 s: minus the retake, the filler and 'stop', plus the 2 s answer.
    expect(at('thanks').start).toBeCloseTo(5 + 14 - 3 - 0.35 - 0.25 + 2, 3);
    const answer = edl.inserts.find((i) => i.kind === 'intern')!;
    const answerWords = words.filter((w) => ANSWER.split(' ').includes(w.text));
    expect(answerWords[0]!.start).toBe(answer.at_ms / 1000);
    expect(answerWords.at(-1)!.end).toBe((answer.at_ms + answer.duration_ms) / 1000);
    const outro = edl.segments.find((s) => s.id === 'outro-tts')!;
    expect(words.at(-1)!.end).toBe((outro.start_ms + outro.duration_ms) / 1000);
    expect(edl.duration_ms).toBe(5000 + 60_000 - 3000 - 350 - 250 + 2000 + 4000);
  });

  it('follows the choices: a retake not cut keeps both takes (without the marker), an unanswered command keeps its question', () => {
    const { words } = published(input({ flubber: [], intern: [], cleanup: cleanup({ removeFillers: false, removePauses: false }) }));
    const said = texts(words).join(' ');
    expect(said).toContain('the tomatos need less walter tomatoes need less water');
    expect(said).toContain('um what is the ideal soil ph thanks');
    expect(texts(words)).not.toContain('flubber');
    expect(texts(words)).not.toContain('intern');
    expect(texts(words)).not.toContain('stop');
    expect(texts(words)).not.toContain('Most');
  });

  it('drops a word mostly inside a cut and keeps one mostly outside it; a trigger detection missed goes too', () => {
    const words = [...say('keep this word', 0), { text: 'Flubber!', start: 2, end: 2.4, confidence: null }, ...say('half cut', 3)];
    const plan = baseInput({ content: { file: file('upload.wav', 60_000), words, detections: emptyDetections() } });
    // 'half' 3.0-3.35 s is 70 % inside the cut, 'cut' 3.4-3.75 s 29 %.
    plan.choices.manualCuts = [{ start_ms: 3100, end_ms: 3500 }];
    const edl = planEpisode(plan);
    const out = publishedWords({ edl, words, detections: emptyDetections(), triggerWords: ['flubber'] });
    expect(texts(out)).toEqual(['keep', 'this', 'word', 'cut']);
    // 'cut' starts inside the cut: it starts where the cut closed.
    expect(out.at(-1)!.start).toBe(5 + 3.1);
  });

  it('masks a censored word', () => {
    const words = say('well darn it', 0);
    const found = emptyDetections();
    found.censored.matches = [{ censor_word: 'darn', ...span(1, 'darn', words[1]!.start, words[1]!.end), score: 1 }];
    const plan = baseInput({ content: { file: file('upload.wav', 60_000), words, detections: found } });
    plan.choices.cleanup = cleanup({ removeFillers: false, removePauses: false, censorEnabled: true });
    const out = publishedWords({ edl: planEpisode(plan), words, detections: found });
    expect(texts(out)).toEqual(['well', CENSORED_WORD, 'it']);
  });
});

describe('publishedChapters', () => {
  it('never titles a chapter with a command, and times them on the rendered episode', () => {
    const { edl, words } = published(input());
    const chapters = publishedChapters(edl, words, [...TRIGGERS, 'stop', 'stop intern']);
    expect(chapters[0]).toMatchObject({ title: 'Intro', start_ms: 0 });
    const answer = chapters.find((c) => c.start_ms === edl.inserts.find((i) => i.kind === 'intern')!.at_ms);
    expect(answer?.title).toBe('What is the ideal soil ph');
    for (const chapter of chapters) expect(chapter.title).not.toMatch(/^(intern|flubber|stop)\b/i);
    for (const [i, chapter] of chapters.entries()) {
      expect(chapter.end_ms).toBeGreaterThan(chapter.start_ms);
      expect(chapter.end_ms).toBeLessThanOrEqual(edl.duration_ms);
      if (i > 0) expect(chapter.start_ms).toBe(chapters[i - 1]!.end_ms);
    }
  });

  it("titles a short content chapter with no meaningful phrase by the segment's name, never by a lone stop word", () => {
    const talk = [
      ...say('welcome to the show', 0.0, 0.3),
      ...say('this take went right', 3.0, 0.3),
      ...say('thanks for listening', 6.0, 0.3),
    ];
    const base = baseInput();
    const plan: PlanInput = {
      ...base,
      template: { ...base.template, segments: [segment('intro', 5000), segment('content', null, 'Main talk'), segment('outro', 4000)] },
      content: { ...base.content, file: file('upload.wav', 9000), words: talk },
    };
    const edl = planEpisode(plan);
    const words = publishedWords({
      edl,
      words: talk,
      detections: plan.content.detections,
      spoken: { inserts: {}, segments: {} },
      triggerWords: [],
    });
    const chapters = publishedChapters(edl, words, TRIGGERS);
    expect(chapters.map((c) => c.title)).toEqual([edl.segments[0]!.title, 'Main talk', edl.segments[2]!.title]);
    expect(chapters.map((c) => c.start_ms)).toEqual([0, 5000, 14_000]);
  });

  it('strips cue words from either end of a title', () => {
    const cues = ['intern', 'stop', 'stop intern', 'flubber'];
    expect(withoutCueWords('Intern: but is the ideal soil ph…', cues)).toBe('But is the ideal soil ph…');
    expect(withoutCueWords('intern what is compost stop intern', cues)).toBe('What is compost');
    expect(withoutCueWords('Bus stops and trains', cues)).toBe('Bus stops and trains');
    expect(withoutCueWords('Intern - stop', cues)).toBe('');
  });
});
