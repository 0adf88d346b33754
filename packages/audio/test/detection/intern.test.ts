import { describe, expect, it } from 'vitest';
import { detectInternCommands } from '../../src/detection/intern.ts';
import { matchWords, spoken, type WordTuple } from './fixtures.ts';

const intern = { trigger_keyword: 'intern', end_markers: ['stop', 'stop intern'] };

const question: WordTuple[] = [
  ['Intern,', 10, 10.4],
  ['what', 10.5, 10.7],
  ['is', 10.8, 10.9],
  ['the', 11, 11.1],
  ['capital', 11.2, 11.6],
  ['of', 11.7, 11.8],
  ['France?', 11.9, 12.4],
];

describe('detectInternCommands with an end marker', () => {
  it('runs from the trigger to the end of "stop", with the prompt between', () => {
    const words = matchWords([...question, ['Stop.', 12.8, 13.1], ['Anyway', 14, 14.5]]);
    expect(detectInternCommands(words, intern)).toEqual([
      {
        intern_index: 0,
        word_index: 0,
        word_count: 8,
        text: 'Intern, what is the capital of France? Stop.',
        start_s: 10,
        end_s: 13.1,
        score: 1,
        confidence: 1,
        trigger_end_s: 10.4,
        prompt_text: 'what is the capital of France?',
        end_marker: { word_index: 7, word_count: 1, text: 'Stop.', start_s: 12.8, end_s: 13.1, score: 1 },
        default_end_s: 16,
        max_duration_s: 30,
      },
    ]);
  });

  it('takes "stop intern" whole, and its "intern" does not start a new command', () => {
    const words = matchWords([...question, ['stop', 12.8, 13], ['intern', 13.1, 13.5], ['So', 14, 14.2]]);
    const commands = detectInternCommands(words, intern);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      end_s: 13.5,
      word_count: 9,
      end_marker: { word_index: 7, word_count: 2, text: 'stop intern', start_s: 12.8, end_s: 13.5 },
    });
  });

  it('finds an end marker said after the 6 s default end but within 30 s', () => {
    const words = matchWords([['intern', 0, 0.4], ...spoken('write a long story about a cat who', 1, 0.4, 1), ['stop', 12, 12.3]]);
    expect(detectInternCommands(words, intern)[0]).toMatchObject({
      end_s: 12.3,
      prompt_text: 'write a long story about a cat who',
      end_marker: { start_s: 12, end_s: 12.3 },
    });
  });

  it('accepts a one-token "stop-intern" and strips the trailing comma of the prompt', () => {
    const words = matchWords([
      ['Intern,', 0, 0.4],
      ['summarise', 0.5, 1],
      ['this,', 1.1, 1.4],
      ['stop-intern', 1.6, 2.2],
    ]);
    expect(detectInternCommands(words, intern)[0]).toMatchObject({
      prompt_text: 'summarise this',
      end_marker: { word_index: 3, word_count: 1, end_s: 2.2 },
    });
  });

  it('uses the configured end markers and trigger', () => {
    const words = matchWords(spoken('hey helper make a title over and out'));
    const custom = { trigger_keyword: 'hey helper', end_markers: ['over and out'] };
    expect(detectInternCommands(words, custom)[0]).toMatchObject({
      word_index: 0,
      word_count: 8,
      prompt_text: 'make a title',
      end_marker: { word_index: 5, word_count: 3, text: 'over and out' },
    });
  });
});

describe('detectInternCommands without an end marker', () => {
  it('ends at the last word starting within 6 s of the trigger', () => {
    const words = matchWords(spoken('intern tell me a joke about cats and dogs and birds and fish and more words here', 0));
    const [command] = detectInternCommands(words, intern);
    // Words start every 0.5 s: the last one starting before 6 s is the 12th (5.5 s to 5.9 s).
    expect(command).toMatchObject({ word_count: 12, end_s: 5.9, end_marker: null, default_end_s: 6 });
    expect(command?.prompt_text).toBe('tell me a joke about cats and dogs and birds and');
  });

  it('ignores an end marker more than 30 s after the trigger', () => {
    const words = matchWords([
      ['intern', 0, 0.4],
      ['hello', 1, 1.4],
      ['stop', 31, 31.3],
    ]);
    expect(detectInternCommands(words, intern)[0]).toMatchObject({ end_marker: null, end_s: 1.4 });
  });

  it('ignores an end marker that ends past the 30 s window', () => {
    const words = matchWords([
      ['intern', 0, 0.4],
      ['hello', 1, 1.4],
      ['stop', 29.9, 30.2],
    ]);
    expect(detectInternCommands(words, intern)[0]).toMatchObject({ end_marker: null, end_s: 1.4 });
  });

  it('stops before the next Intern trigger, which starts its own command', () => {
    const words = matchWords(spoken('intern one thing intern two things stop'));
    const commands = detectInternCommands(words, intern);
    expect(commands.map((c) => [c.intern_index, c.word_index, c.prompt_text, c.end_marker?.text ?? null])).toEqual([
      [0, 0, 'one thing', null],
      [1, 3, 'two things', 'stop'],
    ]);
  });

  it('stops before a barrier word (a Flubber marker)', () => {
    const words = matchWords(spoken('intern make a flubber make a title stop'));
    const [command] = detectInternCommands(words, intern, { barriers: new Set([3]) });
    expect(command).toMatchObject({ word_count: 3, prompt_text: 'make a', end_marker: null, end_s: 1.4 });
  });

  it('lasts at least 0.25 s, but not past the end of the audio', () => {
    const words = matchWords([['intern', 5, 5]]);
    expect(detectInternCommands(words, intern)[0]).toMatchObject({ start_s: 5, end_s: 5.25, prompt_text: '' });
    expect(detectInternCommands(words, intern, { durationS: 5.1 })[0]).toMatchObject({ end_s: 5.1 });
  });
});

describe('detectInternCommands matching', () => {
  it('matches a near trigger at the default 0.8 but not a distant one', () => {
    expect(detectInternCommands(matchWords(spoken('Interns do this stop')), intern)).toHaveLength(1);
    expect(detectInternCommands(matchWords(spoken('the internet is slow stop')), intern)).toHaveLength(0);
    // A near trigger must start a phrase (issue 33): after a pause it is one at a looser threshold, inside a sentence it is not.
    const afterPause = matchWords([['the', 0, 0.2], ...spoken('internet is slow stop', 0.6)]);
    expect(detectInternCommands(afterPause, intern, { threshold: 0.75 })).toHaveLength(1);
    expect(detectInternCommands(matchWords(spoken('the internet is slow stop')), intern, { threshold: 0.75 })).toHaveLength(0);
  });

  it('finds nothing in an empty transcript', () => {
    expect(detectInternCommands([], intern)).toEqual([]);
  });
});
