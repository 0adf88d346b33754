import { WEBSITE_MESSAGES } from '@ppp/contracts';
import { describe, expect, it } from 'vitest';
import { builtinChat, requestParts } from '../../src/domain/website/builtin-chat.ts';
import { builtinLayout } from '../../src/domain/website/builtin-layout.ts';
import type { SiteFacts } from '../../src/domain/website/site-facts.ts';

const facts: SiteFacts = {
  showName: 'Green Thumb Radio',
  descriptionHtml: '<p>Gardening talk.</p>',
  category: 'Leisure',
  coverUrl: null,
  coverBytes: null,
  authorName: 'Sam',
  ownerName: 'Sam',
  accountName: 'Sam',
  feedUrl: 'https://example.test/feed.xml',
  directories: [],
  liveEpisodes: 3,
};

describe('requestParts', () => {
  it('splits requests joined by "and", commas, "then" and sentences', () => {
    expect(requestParts('make it green and call it Garden Hour')).toEqual(['make it green', 'call it Garden Hour']);
    expect(requestParts('Make it green, then move about up. Show 5 episodes')).toEqual([
      'Make it green',
      'move about up.',
      'Show 5 episodes',
    ]);
  });

  it('keeps a request whole when the words after "and" open no request of their own', () => {
    expect(requestParts('add a section about guests and sponsors')).toEqual(['add a section about guests and sponsors']);
    expect(requestParts('set the title to "Make and Mend"')).toEqual(['set the title to "Make and Mend"']);
    expect(requestParts('set the about text to We dig. Make compost, and grow')).toEqual([
      'set the about text to We dig. Make compost, and grow',
    ]);
  });
});

describe('builtinChat with several requests', () => {
  it('applies both parts of "make it green and call it X"', async () => {
    const layout = await builtinLayout(facts, null);
    const result = builtinChat(layout, 'make it green and call it Garden Hour', facts);
    expect(result.changed).toBe(true);
    expect(result.layout.theme.primary).toBe('#16a34a');
    expect(result.layout.hero_title).toBe('Garden Hour');
    expect(result.reply).toBe('Set the primary colour to green (#16a34a). Changed the title to “Garden Hour”.');
  });

  it('applies the parts it understands and names the one it did not', async () => {
    const layout = await builtinLayout(facts, null);
    const result = builtinChat(layout, 'show 4 episodes and make the font bigger', facts);
    expect(result.layout.episodes.count).toBe(4);
    expect(result.layout.hero_title).toBe(layout.hero_title);
    expect(result.reply).toBe(`The page now lists up to 4 episodes. ${WEBSITE_MESSAGES.partNotUnderstood('“make the font bigger”')}`);
  });

  it('changes nothing and says so when no part is understood', async () => {
    const layout = await builtinLayout(facts, null);
    const result = builtinChat(layout, 'make the font bigger and play music', facts);
    expect(result).toEqual({ layout, reply: WEBSITE_MESSAGES.notUnderstood, changed: false });
  });

  it('a single request works as before', async () => {
    const layout = await builtinLayout(facts, null);
    const result = builtinChat(layout, 'Change the title to "Weeds and Seeds"', facts);
    expect(result.layout.hero_title).toBe('Weeds and Seeds');
    expect(result.reply).toBe('Changed the title to “Weeds and Seeds”.');
  });
});
