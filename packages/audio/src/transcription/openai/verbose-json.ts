import { z } from 'zod';
import type { TTranscript } from '@ppp/contracts';
import { wordTime } from '../engine.ts';
import { spreadText } from '../supplied/spread.ts';

/** OpenAI's verbose_json transcription, the fields we use (others, like usage, are ignored). */
export const ZVerboseJson = z.object({
  text: z.string().optional(),
  language: z.string().optional(),
  duration: z.number().optional(),
  words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).optional(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string(), avg_logprob: z.number().optional() })).optional(),
});
export type TVerboseJson = z.infer<typeof ZVerboseJson>;

/** Words when the server gave word timestamps; otherwise segment text spread over its span. */
export function fromVerboseJson(response: TVerboseJson): TTranscript {
  const timed = (response.words ?? []).filter((word) => word.word.trim() !== '');
  const words =
    timed.length > 0
      ? timed.map((word) => ({
          text: word.word.trim(),
          start: wordTime(word.start),
          end: wordTime(Math.max(word.start, word.end)),
          confidence: null,
        }))
      : (response.segments ?? []).flatMap((segment) =>
          // exp(avg_logprob) is the mean token probability, the nearest thing to a confidence given.
          spreadText(
            segment.text,
            segment.start,
            segment.end,
            segment.avg_logprob === undefined ? null : Math.min(1, Math.exp(segment.avg_logprob)),
          ),
        );
  return { words, language: response.language ?? null, duration_s: response.duration ?? null };
}
