import { describe, expect, it } from 'vitest';
import { withoutMagicWords } from '../../src/domain/ai-text/magic-words.ts';

const magic = { triggers: ['flubber', 'intern'], phrases: ['stop', 'stop intern', 'um', 'you know'] };

describe('withoutMagicWords', () => {
  it('drops trigger keywords and stop phrases, keeps tags that merely contain a stop word', () => {
    expect(withoutMagicWords(['Flubber', 'intern answers', 'stop', 'Stop Intern', 'bus stop', 'internship', 'tea'], magic)).toEqual([
      'bus stop',
      'internship',
      'tea',
    ]);
  });

  it('drops fillers and tags made only of stop words, keeps acronyms and topics', () => {
    expect(withoutMagicWords(['Um', 'you know', 'the', 'things', 'today', 'AI', 'rain barrels', 'the garden'], magic)).toEqual([
      'AI',
      'rain barrels',
      'the garden',
    ]);
  });
});
