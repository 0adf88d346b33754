import { describe, expect, it } from 'vitest';
import { withoutMagicWords } from '../../src/domain/ai-text/magic-words.ts';

const magic = { triggers: ['flubber', 'intern'], phrases: ['stop', 'stop intern'] };

describe('withoutMagicWords', () => {
  it('drops trigger keywords and stop phrases, keeps tags that merely contain a stop word', () => {
    expect(withoutMagicWords(['Flubber', 'intern answers', 'stop', 'Stop Intern', 'bus stop', 'internship', 'tea'], magic)).toEqual([
      'bus stop',
      'internship',
      'tea',
    ]);
  });
});
