import { describe, expect, it } from 'vitest';
import { chapterStarts, depthScores, findChapters, maxChapters, minChapterSeconds } from '../../src/text-ai/chapters.ts';
import { transcriptSentences } from '../../src/text-ai/sentences.ts';
import { timedTranscript } from './fixture.ts';

/** Two subjects, three sentences each: the boundary is where the vocabulary changes. */
const TWO_SUBJECTS = [
  'Tomato seedlings need warm soil and plenty of light. Tomato seedlings grow leggy in a dark window. Move tomato seedlings outside after the last frost.',
  'Bees visit the flowers for nectar. Bees carry pollen between flowers and hives. A hive of bees needs water nearby in summer.',
];

describe('chapters by lexical cohesion (TextTiling)', () => {
  const transcript = timedTranscript(TWO_SUBJECTS, { punctuated: true });
  const sentences = transcriptSentences(transcript);

  it('finds the dip in cohesion where the subject changes', () => {
    expect(chapterStarts(sentences, transcript.duration_s ?? 0)).toEqual([0, 3]);
    expect(depthScores([0, 0.8, 0.2, 0.9])).toEqual([0, 0, 1.3, 0]);
  });

  it('starts the first chapter at 0 and each later one at its first sentence, titled by its key phrase', () => {
    const chapters = findChapters(sentences, transcript.duration_s ?? 0);
    expect(chapters).toEqual([
      { start: 0, title: 'Tomato Seedlings' },
      { start: sentences[3]!.start, title: 'Bees' },
    ]);
  });

  it('keeps every chapter as long as the minimum and gives none for plain text', () => {
    expect(chapterStarts(sentences, 1000)).toEqual([0]);
    expect(minChapterSeconds(30)).toBe(4);
    expect(minChapterSeconds(3600)).toBe(90);
    expect(maxChapters(3600)).toBe(8);
    expect(findChapters(transcriptSentences(TWO_SUBJECTS.join(' ')), 0)).toEqual([]);
  });
});
