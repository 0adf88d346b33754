import { MARKERS, type TSfxKeyword } from '@ppp/contracts';
import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import type { AcousticEvidence, KeywordHit } from '../../src/detection/evidence.ts';
import { detectFlubberMarkers } from '../../src/detection/flubber.ts';
import { detectInternCommands } from '../../src/detection/intern.ts';
import { detectSfxKeywords } from '../../src/detection/sfx.ts';
import { minKeywordScore, syllableCount } from '../../src/detection/spoken-markers.ts';
import { matchWords, settingsWith, spoken, transcriptWords, type WordTuple } from './fixtures.ts';

/*
 * The rules of issue 33 for spoken markers, each on word fixtures with synthetic evidence: a keyword
 * search that heard (or did not hear) the phrase, and the pauses of the audio.
 */
const ALL_PHRASES = ['flubber', 'intern', 'stop', 'stop intern', 'ding'];
const heard = (phrase: string, start: number, end: number, score: number): KeywordHit => ({ phrase, start, end, score });
const searched = (...hits: KeywordHit[]): AcousticEvidence => ({ searched: ALL_PHRASES, keywordHits: hits });
const STRONG = MARKERS.midPhraseKeywordMinScore + 2;
const SUPPORT = MARKERS.keywordMinScore + 1;
const intern = { trigger_keyword: 'intern', end_markers: ['stop', 'stop intern'] };
const ding: TSfxKeyword[] = [{ media_id: 'm-ding', keyword: 'ding' }];

/** 'and it lasts longer than' as a recogniser wrote it: 'last flubber' inside a sentence, no pause around it. */
const lastsLonger: WordTuple[] = [
  ['and', 0, 0.2],
  ['it', 0.25, 0.35],
  ['last', 0.4, 0.7],
  ['flubber', 0.72, 1.1],
  ['than', 1.15, 1.3],
  ['the', 1.35, 1.45],
  ['old', 1.5, 1.8],
];

/** A real 'flubber' written 'rubber', standing alone between pauses. */
const garbled: WordTuple[] = [
  ['we', 0, 0.2],
  ['planted', 0.25, 0.7],
  ['the', 0.75, 0.85],
  ['rubber', 1.4, 1.8],
  ['we', 2.4, 2.6],
  ['planted', 2.65, 3.1],
  ['the', 3.15, 3.25],
  ['tomatoes', 3.3, 3.9],
];

describe('Flubber: words, sound and timing', () => {
  it('rejects an exact "flubber" inside a sentence that the keyword search did not hear', () => {
    const words = matchWords(lastsLonger);
    expect(detectFlubberMarkers(words, 'flubber', 0.8, null, searched())).toEqual([]);
    // A near miss below the phrase's minimum is not hearing it either.
    expect(detectFlubberMarkers(words, 'flubber', 0.8, null, searched(heard('flubber', 0.72, 1.1, MARKERS.keywordMinScore - 1)))).toEqual(
      [],
    );
  });

  it('accepts the same words when the keyword search heard "flubber" over them', () => {
    const words = matchWords(lastsLonger);
    expect(detectFlubberMarkers(words, 'flubber', 0.8, null, searched(heard('flubber', 0.7, 1.1, SUPPORT)))).toMatchObject([
      { text: 'flubber' },
    ]);
  });

  it('finds a "flubber" written "rubber" when it was heard and stands alone', () => {
    const words = matchWords(garbled);
    expect(detectFlubberMarkers(words, 'flubber', 0.8, null, searched())).toEqual([]);
    const [marker] = detectFlubberMarkers(words, 'flubber', 0.8, null, searched(heard('flubber', 1.38, 1.82, SUPPORT)));
    expect(marker).toMatchObject({ text: 'rubber', word_index: 3, retake_found: true, retake_text: 'we planted the' });
  });

  it('does not take a heard "rubber" inside a sentence for a marker unless the sound is strong and the word near', () => {
    const words = matchWords(spoken('the rubber ducks were fine'));
    expect(detectFlubberMarkers(words, 'flubber', 0.8, null, searched(heard('flubber', 0.5, 0.9, SUPPORT)))).toEqual([]);
    expect(detectFlubberMarkers(words, 'flubber', 0.8, null, searched(heard('flubber', 0.5, 0.9, STRONG)))).toEqual([]);
    expect(detectFlubberMarkers(words, 'flubber', 0.7, null, searched(heard('flubber', 0.5, 0.9, STRONG)))).toHaveLength(1);
  });

  it('without audio keeps an exact word anywhere, and a near word only standing alone', () => {
    expect(detectFlubberMarkers(matchWords(lastsLonger), 'flubber')).toHaveLength(1);
    expect(detectFlubberMarkers(matchWords(spoken('so flubba again')), 'flubber', 0.7)).toEqual([]);
    expect(detectFlubberMarkers(matchWords(spoken('so flubba again', 0, 0.4, 0.3)), 'flubber', 0.7)).toHaveLength(1);
  });

  it('keeps an exact word that stands alone when the search missed it (whisper heard what pocketsphinx did not)', () => {
    const words = matchWords([...spoken('we planted the', 0), ['flubber', 2, 2.4], ...spoken('we planted the tomatoes', 3)]);
    expect(detectFlubberMarkers(words, 'flubber', 0.8, null, searched())).toHaveLength(1);
  });

  it('counts a measured silence as a pause where the word times abut', () => {
    const abutting: WordTuple[] = [
      ['so', 0, 0.5],
      ['flubba', 0.5, 1.0],
      ['again', 1.0, 1.5],
    ];
    const words = matchWords(abutting);
    expect(detectFlubberMarkers(words, 'flubber', 0.7, null, { silences: [{ start: 0.35, end: 0.6 }] })).toEqual([]);
    const silences = [
      { start: 0.3, end: 0.6 },
      { start: 0.9, end: 1.2 },
    ];
    expect(detectFlubberMarkers(words, 'flubber', 0.7, null, { silences })).toHaveLength(1);
  });

  it('rates a marker heard, read and alone above one only read', () => {
    const words = matchWords([...spoken('we planted the', 0), ['flubber', 2, 2.4], ...spoken('we planted the tomatoes', 3)]);
    const [read] = detectFlubberMarkers(words, 'flubber', 0.8, null, searched());
    const [both] = detectFlubberMarkers(words, 'flubber', 0.8, null, searched(heard('flubber', 2, 2.4, 20)));
    const [wordsOnly] = detectFlubberMarkers(words, 'flubber');
    expect(both?.confidence).toBeGreaterThan(0.9);
    expect(read?.confidence).toBeLessThan(both?.confidence ?? 0);
    expect(read?.confidence).toBeLessThan(MARKERS.lowConfidence + 0.1);
    expect(wordsOnly?.confidence).toBe(1);
  });
});

describe('sound-effect keywords', () => {
  it('needs a stronger hit for a keyword of one syllable', () => {
    expect(syllableCount('ding')).toBe(1);
    expect(syllableCount('stop intern')).toBe(3);
    expect(syllableCount('flubber')).toBe(2);
    expect(minKeywordScore('ding')).toBeGreaterThan(minKeywordScore('flubber'));
    // 'the thing' written 'the ding' inside a sentence.
    const words = matchWords(spoken('and the ding is here'));
    const between = (MARKERS.keywordMinScore + MARKERS.shortKeywordMinScore) / 2;
    expect(detectSfxKeywords(words, ding, 0.8, searched(heard('ding', 1, 1.4, between)))).toEqual([]);
    expect(detectSfxKeywords(words, ding, 0.8, searched(heard('ding', 1, 1.4, MARKERS.shortKeywordMinScore + 1)))).toHaveLength(1);
  });

  it('takes no keyword the search heard over ordinary words inside a sentence', () => {
    const words = matchWords(spoken('we sat in the lobby for an hour'));
    expect(detectSfxKeywords(words, ding, 0.8, searched(heard('ding', 1.5, 1.9, STRONG)))).toEqual([]);
  });
});

describe('Intern: a command starts a phrase and ends at its stop word or a pause', () => {
  const welcome: WordTuple[] = [
    ['welcome', 0, 0.4],
    ['intern', 0.45, 0.8],
    ['the', 0.85, 0.95],
    ['show', 1, 1.3],
    ['today', 1.35, 1.7],
  ];

  it('does not start a command at a trigger inside a sentence ("welcome intern")', () => {
    const words = matchWords(welcome);
    expect(detectInternCommands(words, intern, { evidence: searched() })).toEqual([]);
    expect(detectInternCommands(words, intern, { evidence: searched(heard('intern', 0.45, 0.8, SUPPORT)) })).toEqual([]);
    expect(detectInternCommands(words, intern, { evidence: searched(heard('intern', 0.45, 0.8, STRONG)) })).toHaveLength(1);
  });

  it('starts one at a trigger after a pause', () => {
    const words = matchWords([['so', 0, 0.3], ...spoken('intern what is the capital of france stop', 1)]);
    expect(detectInternCommands(words, intern, { evidence: searched() })).toMatchObject([{ prompt_text: 'what is the capital of france' }]);
  });

  it('ends a command with no end marker at the first pause of the prompt, not at 6 s', () => {
    const words = matchWords([
      ...spoken('intern what is the ideal soil ph', 0, 0.3, 0.05),
      ...spoken('welcome back to the garden show everyone', 3.4, 0.3, 0.05),
    ]);
    const [command] = detectInternCommands(words, intern);
    expect(command).toMatchObject({ end_marker: null, prompt_text: 'what is the ideal soil ph', end_s: 2.4 });
  });

  it('does not reach past a long pause for an end marker', () => {
    const gap = MARKERS.commandMaxInnerPauseSeconds + 0.5;
    const words = matchWords([...spoken('intern tell me a joke', 0), ...spoken('the bus stop was closed', 2.4 + gap)]);
    const [command] = detectInternCommands(words, intern);
    expect(command).toMatchObject({ end_marker: null, prompt_text: 'tell me a joke' });
  });

  it('ends at an end marker heard over a word written otherwise ("stop" as "stopped")', () => {
    const words = matchWords([...spoken('intern how long is a mile stopped', 0, 0.3, 0.05), ...spoken('so anyway', 2.5)]);
    expect(detectInternCommands(words, intern, { evidence: searched() })[0]).toMatchObject({ end_marker: null });
    const stop = heard('stop', 2.1, 2.4, MARKERS.shortKeywordMinScore + 1);
    expect(detectInternCommands(words, intern, { evidence: searched(stop) })[0]).toMatchObject({
      prompt_text: 'how long is a mile',
      end_marker: { text: 'stopped' },
    });
  });

  it('lets a pause after the wake word belong to the command', () => {
    const words = matchWords([['intern', 0, 0.4], ...spoken('what rhymes with orange', 1.5, 0.3, 0.05)]);
    expect(detectInternCommands(words, intern)[0]).toMatchObject({ prompt_text: 'what rhymes with orange' });
  });
});

describe('words known to be right', () => {
  it('are confirmed by the sound but never vetoed: a supplied or corrected word inside a sentence stays a marker', () => {
    const words = transcriptWords(lastsLonger);
    const evidence = searched();
    expect(detectIntents({ words }, settingsWith(), ding, { evidence }).flubber.count).toBe(0);
    expect(detectIntents({ words, trusted_words: 'all' }, settingsWith(), ding, { evidence }).flubber.count).toBe(1);
    expect(detectIntents({ words, trusted_words: [3] }, settingsWith(), ding, { evidence }).flubber.count).toBe(1);
    expect(detectIntents({ words, trusted_words: [2] }, settingsWith(), ding, { evidence }).flubber.count).toBe(0);
  });
});

describe('detectIntents passes the evidence on', () => {
  it('finds the garbled marker and rejects the false one in one transcript', () => {
    const words = transcriptWords([...garbled, ...lastsLonger.map(([t, s, e]): WordTuple => [t, s + 5, e + 5])]);
    const evidence = searched(heard('flubber', 1.38, 1.82, SUPPORT));
    const result = detectIntents({ words }, settingsWith(), ding, { evidence });
    expect(result.flubber.matches.map((m) => m.text)).toEqual(['rubber']);
    expect(detectIntents({ words }, settingsWith(), ding).flubber.matches.map((m) => m.text)).toEqual(['flubber']);
  });
});
