import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { settingsWith, spoken, transcriptWords, type WordTuple } from './fixtures.ts';

const sfxKeywords = [
  { media_id: 'applause-1', keyword: 'applause' },
  { media_id: 'drum-1', keyword: 'drum roll' },
];

/** An episode: phrases placed at known times, as the speech fixtures will be. */
const episode: WordTuple[] = [
  ...spoken('Welcome to the show um today we talk', 0),
  ...spoken('flubber', 5),
  ...spoken('Today we talk about tea', 6),
  ...spoken('intern what is like the oldest tea stop', 10),
  ...spoken('and now applause please', 20),
  ...spoken('drum roll', 25),
];

describe('detectIntents on an episode', () => {
  const result = detectIntents({ words: transcriptWords(episode), duration_s: 30 }, settingsWith(), sfxKeywords);

  it('counts each kind', () => {
    expect({
      flubber: result.flubber.count,
      intern: result.intern.count,
      sfx: result.sfx.count,
      fillers: result.fillers.count,
      pauses: result.pauses.count,
      censored: result.censored.count,
    }).toEqual({ flubber: 1, intern: 1, sfx: 2, fillers: 1, pauses: 2, censored: 0 });
  });

  it('places the Flubber marker exactly, its cut from the flubbed take to the retake', () => {
    expect(result.flubber.matches).toMatchObject([
      { flubber_time_s: 5, flubber_end_s: 5.4, cut_start_s: 2.45, cut_end_s: 5.9, retake_found: true, retake_text: 'today we talk' },
    ]);
  });

  it('places the Intern command exactly, with its prompt', () => {
    expect(result.intern.matches).toMatchObject([
      { start_s: 10, end_s: 13.9, prompt_text: 'what is like the oldest tea', end_marker: { start_s: 13.5, end_s: 13.9 } },
    ]);
  });

  it('places the sound effects exactly', () => {
    expect(result.sfx.matches.map((hit) => [hit.media_id, hit.start_s, hit.end_s])).toEqual([
      ['applause-1', 21, 21.4],
      ['drum-1', 25, 25.9],
    ]);
  });

  it('does not cut the filler inside the Intern command', () => {
    expect(result.fillers.matches.map((filler) => [filler.text, filler.start_s])).toEqual([['um', 2]]);
  });

  it('finds the silences longer than 1.8 s between the phrases', () => {
    expect(result.pauses.matches.map((pause) => [pause.start_s, pause.end_s, pause.cut_start_s])).toEqual([
      [13.9, 20, 14.5],
      [21.9, 25, 22.5],
    ]);
  });
});

describe('detectIntents overlaps', () => {
  it('leaves pauses inside an Intern command alone', () => {
    const words = transcriptWords([
      ['intern', 0, 0.4],
      ['write', 3, 3.4],
      ['stop', 3.5, 3.8],
      ['then', 6, 6.2],
    ]);
    const result = detectIntents({ words }, settingsWith());
    expect(result.pauses.matches.map((pause) => [pause.start_s, pause.end_s])).toEqual([[3.8, 6]]);
  });

  it('treats an sfx keyword inside an Intern command as part of the prompt', () => {
    const words = transcriptWords(spoken('intern write an applause line stop'));
    const result = detectIntents({ words }, settingsWith(), sfxKeywords);
    expect(result.sfx.count).toBe(0);
    expect(result.intern.matches[0]?.prompt_text).toBe('write an applause line');
  });

  it('ends an Intern command without an end marker before a Flubber marker', () => {
    const words = transcriptWords(spoken('intern make a title flubber intern make a title stop'));
    const result = detectIntents({ words }, settingsWith());
    expect(result.flubber.count).toBe(1);
    expect(result.intern.matches.map((command) => [command.prompt_text, command.end_marker?.text ?? null])).toEqual([
      ['make a title', null],
      ['make a title', 'stop'],
    ]);
  });

  it('does not count a filler that is also an sfx keyword', () => {
    const words = transcriptWords(spoken('well like that'));
    const result = detectIntents({ words }, settingsWith(), [{ media_id: 'like-sfx', keyword: 'like' }]);
    expect([result.sfx.count, result.fillers.count]).toEqual([1, 0]);
  });

  it('still censors inside an Intern command', () => {
    const words = transcriptWords(spoken('intern what does heck mean stop'));
    const result = detectIntents({ words }, settingsWith({ censorEnabled: true, censorWords: ['heck'] }));
    expect(result.censored.matches).toMatchObject([{ text: 'heck', start_s: 1.5 }]);
  });
});

describe('detectIntents settings', () => {
  const words = transcriptWords([
    ['um', 0, 0.3],
    ['heck', 3, 3.3],
  ]);

  it('looks for fillers, pauses and censored words only when their setting is on', () => {
    const off = detectIntents({ words }, settingsWith({ removeFillers: false, removePauses: false }));
    expect([off.fillers.count, off.pauses.count, off.censored.count]).toEqual([0, 0, 0]);
    const on = detectIntents({ words }, settingsWith({ censorEnabled: true, censorWords: ['heck'] }));
    expect([on.fillers.count, on.pauses.count, on.censored.count]).toEqual([1, 1, 1]);
  });

  it('uses the configured trigger keywords and the retry threshold', () => {
    const settings = settingsWith();
    settings.commands.flubber.trigger_keyword = 'oops';
    expect(detectIntents({ words: transcriptWords(spoken('oops flubber')) }, settings).flubber.matches).toMatchObject([{ text: 'oops' }]);
    // A near trigger stands alone between pauses (issue 33).
    const near = { words: transcriptWords(spoken('so flubba again', 0, 0.4, 0.3)) };
    expect(detectIntents(near, settingsWith()).flubber.count).toBe(0);
    expect(detectIntents(near, settingsWith(), [], { fuzzyThreshold: 0.7 }).flubber.count).toBe(1);
  });

  it('returns zero counts for an empty transcript', () => {
    const result = detectIntents({ words: [] }, settingsWith(), sfxKeywords);
    for (const kind of [result.flubber, result.intern, result.sfx, result.fillers, result.pauses, result.censored]) {
      expect(kind).toEqual({ count: 0, matches: [] });
    }
  });

  it('reports original word indices even with punctuation tokens', () => {
    const result = detectIntents(
      {
        words: transcriptWords([
          ['—', 0, 0],
          ['Hi.', 0.1, 0.3],
          ['…', 0.3, 0.3],
          ['flubber', 0.5, 0.9],
        ]),
      },
      settingsWith(),
    );
    expect(result.flubber.matches).toMatchObject([{ word_index: 3, word_count: 1 }]);
  });
});
