import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { detectFillers } from '../../src/detection/fillers.ts';
import { matchWords, settingsWith, spoken, transcriptWords, type WordTuple } from './fixtures.ts';

/** Phrases said one after another, each from its own start (words 0.4 s long, 0.1 s apart). */
const said = (...parts: readonly (readonly [string, number])[]): WordTuple[] => parts.flatMap(([text, from]) => spoken(text, from));
const cutWords = (words: WordTuple[], fillers = ['um', 'uh', 'like', 'you know']) =>
  detectFillers(matchWords(words), fillers, 100).map((filler) => filler.text);

describe("'like' and 'you know' are cut only as discourse markers (issue 33)", () => {
  it('never cuts a real like: a preposition before its object, a verb after its subject', () => {
    expect(cutWords(said(['we season it with about like sea salt', 0]))).toEqual([]);
    expect(cutWords(said(['if you like it smooth add milk', 0]))).toEqual([]);
    expect(cutWords(said(['I like bread', 0]))).toEqual([]);
    expect(cutWords(said(['it looks like rain', 0]))).toEqual([]);
  });

  it('never cuts a real like even with pauses around it, when the word before binds it', () => {
    // 'about' (a preposition) then a pause: 'like' is still its object's preposition.
    expect(cutWords(said(['we season it with about', 0], ['like', 3], ['sea salt', 4]))).toEqual([]);
    expect(cutWords(said(['if you', 0], ['like', 1.5], ['it smooth', 2.5]))).toEqual([]);
  });

  it('cuts like set apart by pauses, or by commas in a supplied transcript', () => {
    expect(cutWords(said(['and it was', 0], ['like', 2], ['really huge', 3]))).toEqual(['like']);
    expect(cutWords(said(['so, like, the show starts now', 0]))).toEqual(['like,']);
  });

  it('cuts like at a phrase start followed by a restart', () => {
    expect(cutWords(said(['we went', 0], ['like we went home', 1.5]))).toEqual(['like']);
  });

  it('does not cut like inside running speech, nor with a pause on one side only', () => {
    expect(cutWords(said(['it was like really huge', 0]))).toEqual([]);
    expect(cutWords(said(['and it was', 0], ['like really huge', 2]))).toEqual([]);
  });

  it("cuts 'you know' only between pauses, never 'do you know' or 'if you know'", () => {
    expect(cutWords(said(['it was fine', 0], ['you know', 2], ['then we left', 3.5]))).toEqual(['you know']);
    expect(cutWords(said(['do you know the way', 0]))).toEqual([]);
    expect(cutWords(said(['if', 0], ['you know', 1], ['the answer say it', 2.5]))).toEqual([]);
  });

  it('always cuts um and uh, which are never words', () => {
    expect(cutWords(said(['it was um really uh huge', 0]))).toEqual(['um', 'uh']);
  });
});

describe('hesitations heard by sound (issue 33)', () => {
  it('are cut between words, but not inside a spoken Intern command', () => {
    // 'intern what is the capital of france stop' from 0 s, a held sound at 1.55-1.85 s inside it; another at 6.1-6.4 s.
    const words = said(['intern what is', 0], ['the capital of france stop', 2], ['and then', 4.5], ['we left', 6.5]);
    const evidence = {
      fillerCandidates: [
        { start: 1.55, end: 1.85, score: 0.5 },
        { start: 6.1, end: 6.4, score: 0.5 },
      ],
    };
    const result = detectIntents({ words: transcriptWords(words) }, settingsWith(), [], { evidence });
    expect(result.intern.count).toBe(1);
    expect(result.fillers.matches).toMatchObject([{ by_sound: true, word_count: 0, start_s: 6.1, end_s: 6.4 }]);
  });
});
