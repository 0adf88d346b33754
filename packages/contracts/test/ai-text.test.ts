import { describe, expect, it } from 'vitest';
import { acceptAiText, acceptAiTitle, hasHexRun, mergeTags, splitTagList, ZAlwaysIncludeTags } from '../src/ai-text.ts';

describe('AI text rules (spec 000 sections 5 and 9)', () => {
  it('discards text with a run of 16 or more hex characters', () => {
    expect(hasHexRun('abcdef0123456789')).toBe(true);
    expect(hasHexRun('abcdef012345678')).toBe(false);
    expect(hasHexRun('Episode DEADBEEFDEADBEEF recap')).toBe(true);
    expect(acceptAiText('Notes with id 0123456789abcdef99.')).toBeNull();
    expect(acceptAiText('  Plain notes.  ')).toBe('Plain notes.');
    expect(acceptAiTitle('Cafe 0123456789abcdef')).toBeNull();
  });

  it('cleans titles: quotes and trailing full stops removed, under 100 characters at a word boundary', () => {
    expect(acceptAiTitle('"Why Compost Matters."')).toBe('Why Compost Matters');
    expect(acceptAiTitle('Title: Is Compost Worth It?')).toBe('Is Compost Worth It?');
    const long = acceptAiTitle(Array.from({ length: 30 }, () => 'compost').join(' '));
    expect(long!.length).toBeLessThan(100);
    expect(long!.endsWith('compost')).toBe(true);
  });

  it('merges always-include tags first, de-duplicates ignoring case, caps 20 tags of 30 characters', () => {
    const generated = Array.from({ length: 30 }, (_, i) => `topic ${i}`);
    const tags = mergeTags(['Compost', ...generated, 'GARDENING'], { alwaysInclude: 'gardening, Green Living, gardening' });
    expect(tags).toHaveLength(20);
    expect(tags.slice(0, 4)).toEqual(['gardening', 'Green Living', 'Compost', 'topic 0']);
    expect(tags.filter((t) => t.toLowerCase() === 'gardening')).toHaveLength(1);
    expect(mergeTags(['a tag that is far longer than thirty characters'])).toEqual(['a tag that is far longer than']);
    expect(mergeTags('x, , y', { maxTags: 1 })).toEqual(['x']);
    expect(splitTagList(['a, b', ' c '])).toEqual(['a', 'b', 'c']);
  });

  it('validates the always-include field', () => {
    expect(ZAlwaysIncludeTags.parse('News, news ,Tech')).toEqual(['News', 'Tech']);
    expect(ZAlwaysIncludeTags.safeParse('x'.repeat(31)).success).toBe(false);
    expect(ZAlwaysIncludeTags.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')).success).toBe(false);
  });
});
