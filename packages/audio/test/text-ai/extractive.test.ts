import { describe, expect, it } from 'vitest';
import { hasHexRun } from '@ppp/contracts';
import { createExtractiveEngine } from '../../src/text-ai/extractive.ts';
import { titleCase } from '../../src/text-ai/topics.ts';
import { parseInstructions } from '../../src/text-ai/instructions.ts';
import { extractKeyPhrases, stem } from '../../src/text-ai/keyphrases.ts';
import { transcriptSentences } from '../../src/text-ai/sentences.ts';
import { COMPOSTING_EPISODE, timedTranscript } from './fixture.ts';
import { cueWordsIn, expectShape, parseNotes } from './show-notes-structure.ts';

const punctuated = timedTranscript(COMPOSTING_EPISODE, { punctuated: true });
const bare = timedTranscript(COMPOSTING_EPISODE, { punctuated: false });
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9' ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const spoken = normalise(COMPOSTING_EPISODE.join(' '));
const engine = createExtractiveEngine();

describe.each([
  ['punctuated (whisper-like)', punctuated],
  ['bare lowercase words (pocketsphinx-like)', bare],
])('extractive engine on a real transcript, %s', (_name, transcript) => {
  it('titles the episode with the subject the host announces, a phrase under 100 characters', async () => {
    const title = await engine.generateTitle({ transcript });
    expect(title).not.toBeNull();
    expect(title!.length).toBeLessThan(100);
    expect(title).toBe('Home Composting');
    expect(title).not.toMatch(/[.,;:]$/);
    // Every word of the title was spoken.
    for (const word of normalise(title!)
      .split(' ')
      .filter((w) => w !== 'and'))
      expect(spoken).toContain(word);
  });

  it('writes show notes: a three-sentence summary in spoken order, key topics and timed chapters', async () => {
    const notes = parseNotes((await engine.generateNotes({ transcript }))!);
    expect(expectShape(notes, transcript.duration_s ?? 0)).toEqual([]);
    expect(notes.summary).toHaveLength(3);
    let last = -1;
    for (const sentence of notes.summary) {
      const at = spoken.indexOf(normalise(sentence));
      expect(at, sentence).toBeGreaterThanOrEqual(0);
      expect(at).toBeGreaterThan(last);
      last = at;
    }
    expect(notes.topics.slice(0, 2)).toEqual(['compost pile', 'green material']);
    for (const topic of notes.topics) expect(spoken).toContain(topic);
    expect(notes.chapters.map((c) => c.title)).toContain('Compost Pile');
    expect(cueWordsIn(notes.summary.join(' '))).toEqual([]);
  });

  it('tags with phrases that occur in the transcript, merged with the always-include tags', async () => {
    const tags = await engine.generateTags({ transcript, alwaysInclude: 'Gardening, gardening, green living' });
    expect(tags.slice(0, 2)).toEqual(['Gardening', 'green living']);
    expect(tags.length).toBeGreaterThan(5);
    expect(tags.length).toBeLessThanOrEqual(20);
    for (const tag of tags.slice(2)) {
      expect(tag.length).toBeLessThanOrEqual(30);
      expect(spoken).toContain(tag);
    }
    expect(tags).toContain('compost pile');
  });
});

describe('extractive engine and template instructions', () => {
  it('honours include, start and length limits and ignores tone', async () => {
    const title = await engine.generateTitle({
      transcript: punctuated,
      instructions: 'Make it witty and professional. Start with "Green Thumb Radio". Keep it under 60 characters.',
    });
    expect(title!.startsWith('Green Thumb Radio: ')).toBe(true);
    expect(title!.length).toBeLessThanOrEqual(60);
    const notes = await engine.generateNotes({
      transcript: punctuated,
      instructions: 'Friendly tone, at most 2 sentences. Mention "Maria Lopez".',
    });
    expect(notes!.match(/[.!?](\s|$)/g)).toHaveLength(2);
    expect(notes).toContain('Maria Lopez');
    const tags = await engine.generateTags({ transcript: punctuated, instructions: 'at most 3 tags, include "sustainability"' });
    expect(tags[0]).toBe('sustainability');
    expect(tags).toHaveLength(4);
  });

  it('parses what it can of free-text instructions', () => {
    expect(
      parseInstructions('Be funny. Include "Season 2" and mention Maria Lopez. Max 80 characters, 12 words max, up to 3 sentences.'),
    ).toEqual({
      include: ['Season 2', 'Maria Lopez'],
      prefix: null,
      maxChars: 80,
      maxWords: null,
      maxSentences: 3,
      maxItems: null,
    });
    expect(parseInstructions('Use a warm tone, no more than 12 words').maxWords).toBe(12);
    expect(parseInstructions(null).include).toEqual([]);
  });
});

describe('Intern answers (extractive)', () => {
  it('quotes the sentences most relevant to the command and says it is extractive', async () => {
    const answer = await engine.answerCommand('how often should I turn the compost pile', { transcript: punctuated, atSeconds: 60 });
    expect(answer.method).toBe('extractive');
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('Turn the pile every week');
  });

  it('admits when the episode says nothing about it', async () => {
    const answer = await engine.answerCommand('what is the capital of Peru', { transcript: punctuated });
    expect(answer).toEqual({ text: "I couldn't find anything about that in this episode.", found: false, method: 'extractive' });
  });
});

describe('text helpers', () => {
  it('splits unpunctuated speech at pauses and tidies sentences', () => {
    const sentences = transcriptSentences(bare);
    expect(sentences.length).toBe(transcriptSentences(punctuated).length);
    expect(sentences[0]?.text).toBe('Hey everyone welcome back to green thumb radio.');
    expect(transcriptSentences('one two. three four? five')).toHaveLength(3);
  });

  it('ranks recurring multi-word phrases first and stems plurals', () => {
    const { phrases } = extractKeyPhrases(transcriptSentences(punctuated));
    expect(phrases[0]?.text).toBe('compost pile');
    expect(stem('bins')).toBe('bin');
    expect(stem('composting')).toBe('compost');
    expect(titleCase('ratio of brown material')).toBe('Ratio of Brown Material');
  });

  it('never produces a hex run from transcript words', async () => {
    const title = await engine.generateTitle({
      transcript: 'Session deadbeefdeadbeef12 was logged. Session deadbeefdeadbeef12 failed again. Logged again.',
    });
    expect(title === null || !hasHexRun(title)).toBe(true);
  });
});
