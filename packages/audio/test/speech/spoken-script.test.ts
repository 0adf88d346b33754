import { describe, expect, it } from 'vitest';
import { timedScript } from '../../src/index.ts';

describe('timedScript', () => {
  it('spreads each sentence’s words over its clip, in order, with the gap between sentences', () => {
    const words = timedScript(
      [
        { text: 'Hello there.', seconds: 1 },
        { text: 'A longer second sentence.', seconds: 2 },
      ],
      0.5,
    );
    expect(words.map((w) => w.text)).toEqual(['Hello', 'there.', 'A', 'longer', 'second', 'sentence.']);
    for (const [i, w] of words.entries()) {
      expect(w.end).toBeGreaterThan(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]?.end ?? 0);
    }
    // The first sentence stays inside its second; the second starts after the gap (1 s + 0.5 s).
    expect(words[1]?.end).toBeLessThanOrEqual(1);
    expect(words[2]?.start).toBeGreaterThanOrEqual(1.5);
    expect(words[5]?.end).toBeLessThanOrEqual(3.5);
    // Longer words get more time.
    expect((words[3]?.end ?? 0) - (words[3]?.start ?? 0)).toBeGreaterThan((words[2]?.end ?? 0) - (words[2]?.start ?? 0));
  });
});
