import { describe, expect, it } from 'vitest';
import { formatShowNotes, formatTimestamp } from '../../src/text-ai/show-notes.ts';
import { parseNotes } from './show-notes-structure.ts';

describe('show notes format', () => {
  it('writes mm:ss, and h:mm:ss once the episode runs an hour', () => {
    expect(formatTimestamp(0)).toBe('00:00');
    expect(formatTimestamp(75.9)).toBe('01:15');
    expect(formatTimestamp(3599)).toBe('59:59');
    expect(formatTimestamp(75, 3700)).toBe('0:01:15');
    expect(formatTimestamp(3725, 3725)).toBe('1:02:05');
  });

  it('writes the summary, topics and chapters as paragraphs of plain text a creator can edit', () => {
    const text = formatShowNotes({
      summary: ['Salt & pepper <basics>.', 'Then the sauce.'],
      topics: ['salt', 'pepper', 'sauce'],
      chapters: [
        { start: 0, title: 'Basics' },
        { start: 95, title: 'Sauce' },
      ],
      duration: 300,
    });
    expect(text).toBe('Salt & pepper <basics>. Then the sauce.\n\nKey topics: salt, pepper, sauce\n\nChapters:\n00:00 Basics\n01:35 Sauce');
    expect(parseNotes(text)).toMatchObject({
      summary: ['Salt & pepper <basics>.', 'Then the sauce.'],
      topics: ['salt', 'pepper', 'sauce'],
      chapters: [{ at: '00:00' }, { at: '01:35', title: 'Sauce' }],
    });
  });

  it('leaves out a chapter list of one chapter', () => {
    const text = formatShowNotes({ summary: ['One.'], topics: [], chapters: [{ start: 0, title: 'All' }], duration: 10 });
    expect(text).toBe('One.');
  });

  it('leaves out a chapter with no meaningful title, the list then being of its titled chapters', () => {
    const chapters = [
      { start: 0, title: 'Bees' },
      { start: 30, title: '' },
      { start: 60, title: 'Sauce' },
    ];
    const text = formatShowNotes({ summary: ['One.'], topics: [], chapters, duration: 90 });
    expect(text).toBe('One.\n\nChapters:\n00:00 Bees\n01:00 Sauce');
    expect(formatShowNotes({ summary: ['One.'], topics: [], chapters: chapters.slice(0, 2), duration: 90 })).toBe('One.');
  });
});
