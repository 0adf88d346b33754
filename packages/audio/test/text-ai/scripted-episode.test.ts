import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS } from '@ppp/contracts';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { spokenContent } from '../../src/detection/spoken-content.ts';
import { createExtractiveEngine } from '../../src/text-ai/extractive.ts';
import { timedTranscript } from './fixture.ts';
import { cueWordsIn, expectShape, JOINED_KEYWORDS, parseNotes } from './show-notes-structure.ts';

/*
 * A scripted episode as a creator records it: fillers, a flubbed line with 'flubber' and the retake,
 * and an Intern command ended by 'stop', in bare lowercase words as pocketsphinx gives them. The
 * notes are written from what the episode says (spokenContent), as the AI text service does.
 */
const SCRIPT = [
  'Hello and welcome to the morning cup. Today we are talking about brewing better coffee at home, from the beans to the cup.',
  'Um, the grind size matters more than anything else. A fine grind extracts faster, and a coarse grind extracts slower.',
  'For a pour over you want a medium grind, about like sea salt. For a french press you want a coarse grind so the filter does not clog.',
  'Uh, a burr grinder gives an even grind size, and a blade grinder gives a mix of dust and boulders.',
  'Water temperature is the next thing to get right. Water just off the boil at about ninety three degrees pulls out the sweet flavours.',
  'Water that is too hot makes the coffee bitter and water that is too cool makes it sour',
  'flubber.',
  'Water that is too hot makes the coffee bitter, and water that is too cool leaves it sour and thin.',
  'intern what is the boiling point of water in denver stop.',
  'The brew ratio ties it all together. Start with one gram of coffee to sixteen grams of water and adjust the ratio to taste.',
  'A stronger cup needs a lower brew ratio, and a lighter cup needs a higher brew ratio. Weigh the beans and the water with a kitchen scale.',
  'Finally, store the beans in an airtight jar away from light, and buy fresh beans every two weeks. Thanks for listening to the morning cup.',
];

const raw = timedTranscript(SCRIPT, { punctuated: false });
const triggerWords = ['flubber', 'intern'];
const content = spokenContent(raw, detectIntents(raw, DEFAULT_AUDIO_CLEANUP_SETTINGS), { triggerWords });
const engine = createExtractiveEngine();

describe('show notes of a scripted episode with a retake, an Intern command and fillers', () => {
  it('writes a summary, key topics and chapters with no command, cut take or filler, as in the fixture', async () => {
    const html = (await engine.generateNotes({ transcript: content }))!;
    const notes = parseNotes(html);
    expect(expectShape(notes, raw.duration_s ?? 0)).toEqual([]);
    expect(cueWordsIn(html)).toEqual([]);
    // The flubbed take and the Intern's question are gone with their commands.
    expect(html).not.toMatch(/makes it sour|denver|boiling point/);
    expect(notes.topics).toEqual(expect.arrayContaining(['grind', 'water', 'brew ratio']));
    // Chapters follow the talk: grinding first, then water, then the ratio.
    const order = ['grind', 'water', 'ratio'].map((word) => notes.chapters.findIndex((c) => c.title.toLowerCase().includes(word)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await expect(`${html}\n`).toMatchFileSnapshot('../fixtures/notes/scripted-episode.notes.txt');
  });

  it('titles the episode with a phrase, never two keywords joined', async () => {
    const title = (await engine.generateTitle({ transcript: content }))!;
    expect(title).not.toMatch(JOINED_KEYWORDS);
    expect(title).toBe('Brewing Better Coffee at Home');
    expect(cueWordsIn(title)).toEqual([]);
    await expect(`${title}\n`).toMatchFileSnapshot('../fixtures/notes/scripted-episode.title.txt');
  });
});
