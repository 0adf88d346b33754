import type { TTranscript } from '@ppp/contracts';

/** A few minutes of a gardening podcast, as a punctuating engine (whisper) would transcribe it. */
export const COMPOSTING_EPISODE = [
  'Hey everyone, welcome back to Green Thumb Radio. Today we are talking about home composting and why your kitchen scraps matter more than you think.',
  'Um, composting at home is honestly easier than most people expect. You need a bin, some brown material like dry leaves or shredded cardboard, and green material like vegetable peels and coffee grounds.',
  'The ratio of brown material to green material is the real secret to a healthy compost pile. Too much green material and the compost pile turns slimy and starts to smell.',
  'My guest today is Maria Lopez, a community garden organizer who has been composting in a small city apartment for twenty years. She keeps a worm bin under her kitchen sink.',
  'Maria says the biggest mistake beginners make is never turning the compost pile. Turn the pile every week so the microbes get oxygen and the pile stays warm.',
  'In winter the compost pile slows down, but it does not stop. Insulating the bin with straw keeps the microbes working through the cold months.',
  'Finished compost smells like a forest floor, and it is ready when you can no longer recognise the vegetable peels. Spread it on your garden beds in early spring.',
  'Next week we will talk about worm bins and vermicomposting in more detail. Thanks for listening to Green Thumb Radio.',
];

/** Word timings: about 0.32 s a word, a 0.9 s breath between sentences. */
export function timedTranscript(paragraphs: readonly string[], options: { punctuated: boolean }): TTranscript {
  const words: TTranscript['words'] = [];
  let t = 0.5;
  for (const paragraph of paragraphs) {
    for (const sentence of paragraph.match(/[^.!?]+[.!?]/g) ?? []) {
      for (const raw of sentence.trim().split(/\s+/)) {
        const text = options.punctuated ? raw : raw.toLowerCase().replace(/[^a-z0-9']/g, '');
        if (!text) continue;
        const length = 0.12 + text.length * 0.035;
        words.push({
          text,
          start: Number(t.toFixed(3)),
          end: Number((t + length).toFixed(3)),
          confidence: options.punctuated ? null : 0.9,
        });
        t += length + 0.08;
      }
      t += 0.9;
    }
  }
  return { words, language: 'en', duration_s: t };
}
