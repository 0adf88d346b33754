import { z } from 'zod';
import { publishedChapters, publishedWords, type SpokenTexts } from '@ppp/audio';
import {
  ZTranscriptWord,
  withSegmentSources,
  type TAudioCleanupSettings,
  type TDetectionResult,
  type TEdl,
  type TTranscriptWord,
} from '@ppp/contracts';
import type { TEpisodeRecipe } from './assembly-recipe.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';

/*
 * Issue 32 item 6, only reviewed words are published: at each render the words the episode plays
 * (publishedWords through its final EDL) are computed once and kept beside its MP3, and its chapters
 * are written from them; the feed's transcripts, its chapters and the AI text read them.
 */

/** What the words are computed from besides the EDL. */
export interface PublishedTextSource {
  words: readonly TTranscriptWord[];
  detections: TDetectionResult;
  spoken: SpokenTexts;
  /** The creator's trigger keywords (never published) and, with the Intern stop phrases, the words no chapter title starts with. */
  cues: { triggers: string[]; all: string[] };
}

/** The creator's spoken command words under these settings. */
export function cueWordsOf(settings: Pick<TAudioCleanupSettings, 'commands'>): PublishedTextSource['cues'] {
  const { flubber, intern } = settings.commands;
  const triggers = [flubber.trigger_keyword, intern.trigger_keyword];
  return { triggers, all: [...triggers, ...intern.end_markers] };
}

/**
 * The text the renderer voices for this recipe: each Intern answer's (by its insert id; `answerText`
 * finds an answer given only as a voiced clip) and each AI-voice segment's script.
 */
export function spokenTextsOf(recipe: TEpisodeRecipe, clipTexts: ReadonlyMap<string, string> = new Map()): SpokenTexts {
  const inserts: Record<string, string> = {};
  for (const answer of recipe.intern_answers) {
    const text = answer.text?.trim() || (answer.media_id ? clipTexts.get(answer.media_id) : undefined);
    if (text) inserts[`intern-${answer.intern_index}`] = text;
  }
  const segments: Record<string, string> = {};
  for (const segment of withSegmentSources(recipe.template.segments, recipe.segment_sources)) {
    if (segment.segment_type === 'content' || segment.source.source_type !== 'tts') continue;
    const script = (recipe.tts_values[segment.id] ?? segment.source.text_prompt).trim();
    if (script) segments[segment.id] = script;
  }
  return { inserts, segments };
}

/** spokenTextsOf, the answers given as a voiced clip alone read from their stored Intern answer. */
export async function recipeSpokenTexts(
  recipe: TEpisodeRecipe,
  userId: string,
  media: Pick<EpisodeMediaRepository, 'internAnswerTexts'>,
): Promise<SpokenTexts> {
  const clips = recipe.intern_answers.flatMap((answer) => (answer.media_id && !answer.text ? [answer.media_id] : []));
  return spokenTextsOf(recipe, await media.internAnswerTexts(userId, clips));
}

/** The published words of a planned EDL, and the EDL with its chapters written from them. */
export function withPublishedText(edl: TEdl, source: PublishedTextSource): { edl: TEdl; words: TTranscriptWord[] } {
  const words = publishedWords({
    edl,
    words: source.words,
    detections: source.detections,
    spoken: source.spoken,
    triggerWords: source.cues.triggers,
  });
  return { edl: { ...edl, chapters: publishedChapters(edl, words, source.cues.all) }, words };
}

/** The published words kept beside a rendered MP3. */
export function publishedWordsKeyFor(audioKey: string): string {
  return audioKey.replace(/\.mp3$/, '') + '.words.json';
}

const ZStoredWords = z.object({ version: z.literal(1), words: z.array(ZTranscriptWord) });

export function storedWordsJson(words: readonly TTranscriptWord[]): string {
  return JSON.stringify({ version: 1, words });
}

/** The kept words, or null when the file is not one (a render from before they were kept has none). */
export function parseStoredWords(bytes: Buffer): TTranscriptWord[] | null {
  try {
    const parsed = ZStoredWords.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data.words : null;
  } catch {
    return null;
  }
}
