import { describe, expect, it } from 'vitest';
import { autoFill, autoFillNotice, tagsNotIn, titleUntyped, withTagsAdded } from './ai-fill.ts';

const suggestions = { title: 'Rain Barrels for Small Gardens', description: 'How to catch rain.', tags: ['rain barrels', 'gardening'] };

describe('auto fill with AI', () => {
  it('fills every empty field and says so', () => {
    const { draft, filled } = autoFill({ title: '', description: '', tags: '', season: '2' }, suggestions);
    expect(draft).toEqual({
      title: 'Rain Barrels for Small Gardens',
      description: 'How to catch rain.',
      tags: 'rain barrels, gardening',
      season: '2',
    });
    expect(filled).toEqual(['title', 'description', 'tags']);
    expect(autoFillNotice(filled)).toContain('Filled in the title, the description and tags with AI');
  });

  it('never writes over what the creator typed; tags are added after the typed ones', () => {
    const typed = { title: 'My own title', description: 'Notes I wrote.', tags: 'Gardening, water' };
    const { draft, filled } = autoFill(typed, suggestions);
    expect(draft).toEqual({ title: 'My own title', description: 'Notes I wrote.', tags: 'Gardening, water, rain barrels' });
    expect(filled).toEqual(['tags']);
  });

  it('replaces the test-mode placeholder title, keeping its prefix; a typed test title stays', () => {
    expect(titleUntyped('Test - 2026-11-28 09:15')).toBe(true);
    expect(titleUntyped('Test - my pilot')).toBe(false);
    expect(autoFill({ title: 'Test - 2026-11-28 09:15', description: '', tags: '' }, suggestions).draft.title).toBe(
      'Test - Rain Barrels for Small Gardens',
    );
  });

  it('leaves a field alone when the AI had nothing for it', () => {
    const { draft, filled } = autoFill({ title: '', description: '', tags: 'a' }, { title: null, description: null, tags: ['A'] });
    expect(draft).toEqual({ title: '', description: '', tags: 'a' });
    expect(filled).toEqual([]);
    expect(autoFillNotice(filled)).toContain('found nothing to add');
  });
});

describe('tag chips', () => {
  it('adds accepted tags once, keeps at most 20', () => {
    expect(withTagsAdded('', ['one', 'One', 'two'])).toBe('one, two');
    expect(withTagsAdded('one,', ['two'])).toBe('one, two');
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`).join(', ');
    expect(withTagsAdded(twenty, ['more'])).toBe(twenty);
  });

  it('offers only the suggestions the field does not hold', () => {
    expect(tagsNotIn('Compost, worms', ['compost', 'soil', 'Worms', 'soil'])).toEqual(['soil']);
  });
});
