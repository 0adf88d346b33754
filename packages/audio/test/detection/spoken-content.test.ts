import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { spokenContent } from '../../src/detection/spoken-content.ts';
import { settingsWith, spoken, transcriptWords } from './fixtures.ts';

const words = transcriptWords([
  ...spoken('welcome to the show um today we tolk', 0),
  ...spoken('flubber', 5),
  ...spoken('today we talk about tea', 6),
  ...spoken('intern what is the oldest tea stop', 10),
  ...spoken('and now the tasting', 15),
]);
const transcript = { words, language: 'en', duration_s: 20 };
const detection = detectIntents(transcript, settingsWith());
const text = (t: { words: readonly { text: string }[] }) => t.words.map((w) => w.text).join(' ');

describe('spokenContent', () => {
  it('drops the marker, the flubbed take, the Intern command with its stop, and fillers', () => {
    expect(text(spokenContent(transcript, detection, { triggerWords: ['flubber', 'intern'] }))).toBe(
      'welcome to the show today we talk about tea and now the tasting',
    );
  });

  it("uses the episode's own cuts when it is assembled: a retake left uncut stays, its marker goes", () => {
    const kept = spokenContent(transcript, detection, { cuts: [], triggerWords: ['flubber', 'intern'] });
    expect(text(kept)).toBe('welcome to the show today we tolk today we talk about tea and now the tasting');
    const manual = spokenContent(transcript, detection, { cuts: [{ start_ms: 15_000, end_ms: 16_000 }] });
    expect(text(manual)).not.toContain('and now');
  });

  it('drops a trigger word detection missed, and keeps times of what stays', () => {
    const bare = spokenContent(transcript, null, { triggerWords: ['Flubber'] });
    expect(text(bare)).not.toContain('flubber');
    expect(bare.words.find((w) => w.text === 'tasting')).toEqual(words.find((w) => w.text === 'tasting'));
  });
});
