import type { MikroORM } from '@mikro-orm/postgresql';
import { detectIntents } from '@ppp/audio';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, type TTranscriptWord } from '@ppp/contracts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import { TranscriptSchema } from '../../src/domain/transcripts/transcript.entity.ts';

/** Words with times, about 0.3 s a word and a breath between sentences, as a punctuating engine gives them. */
export function timedWords(paragraphs: readonly string[]): TTranscriptWord[] {
  const words: TTranscriptWord[] = [];
  let t = 0.4;
  for (const paragraph of paragraphs) {
    for (const text of paragraph.split(/\s+/).filter(Boolean)) {
      const length = 0.12 + text.length * 0.035;
      words.push({ text, start: Number(t.toFixed(3)), end: Number((t + length).toFixed(3)), confidence: null });
      t += length + (/[.!?]$/.test(text) ? 0.8 : 0.08);
    }
  }
  return words;
}

/** A main-content upload of a user, transcribed (ready) or still processing. */
export async function uploadWithTranscript(
  orm: MikroORM,
  userId: string,
  filename: string,
  paragraphs: readonly string[] | null,
  options: { detect?: boolean } = {},
): Promise<string> {
  const em = orm.em.fork();
  const item = em.create(MediaItemSchema, {
    user: userId,
    category: 'main_content',
    friendlyName: filename,
    originalName: filename,
    filename,
    storageKey: `users/${userId}/media/${filename}`,
    contentType: 'audio/mpeg',
    sizeBytes: 1000,
    status: paragraphs ? 'ready' : 'processing',
    transcriptReady: paragraphs !== null,
  });
  if (paragraphs) {
    const words = timedWords(paragraphs);
    // What the transcribe job stores beside the words: the spoken commands found under the default settings.
    if (options.detect) item.detection = detectIntents({ words, duration_s: words.at(-1)?.end ?? 0 }, DEFAULT_AUDIO_CLEANUP_SETTINGS);
    em.create(TranscriptSchema, {
      media: item,
      engine: 'whisper.cpp',
      language: 'en',
      durationSeconds: words.at(-1)?.end ?? 0,
      words,
      text: words.map((w) => w.text).join(' '),
    });
  }
  await em.flush();
  return item.id;
}
