import type { SpokenTexts } from '@ppp/audio';
import { ZDetectionResult, DEFAULT_AUDIO_CLEANUP_SETTINGS, type TTranscriptWord } from '@ppp/contracts';
import type { StoragePort } from '../storage/storage.ts';
import type { Episode } from './episode.entity.ts';
import type { EpisodeMediaRepository } from './episode-media.repository.ts';
import { ZEpisodeRecipe } from './assembly-recipe.ts';
import { cueWordsOf, parseStoredWords, publishedWordsKeyFor, recipeSpokenTexts, withPublishedText } from './published-text.ts';

export interface PublishedWordsDeps {
  storage: StoragePort;
  /** The episode's upload: its words and detections. */
  media: Pick<EpisodeMediaRepository, 'transcriptOf' | 'findMediaById' | 'internAnswerTexts'>;
}

const NO_DETECTIONS = ZDetectionResult.parse({
  flubber: { count: 0, matches: [] },
  intern: { count: 0, matches: [] },
  sfx: { count: 0, matches: [] },
  fillers: { count: 0, matches: [] },
  pauses: { count: 0, matches: [] },
  censored: { count: 0, matches: [] },
});

/**
 * The words an episode plays, as its transcript, chapters and AI text are published from: those kept
 * with its render (computed by the assembly from the final EDL). The upload's words corrected after
 * the render, or a render from before the words were kept, are put through the stored EDL here
 * instead. Null when the episode has no transcript.
 */
export class PublishedWordsService {
  private readonly deps: PublishedWordsDeps;
  constructor(deps: PublishedWordsDeps) {
    this.deps = deps;
  }

  async of(
    episode: Pick<Episode, 'user' | 'sourceMedia' | 'edl' | 'finalAudioKey' | 'processedAt' | 'assembly'>,
  ): Promise<TTranscriptWord[] | null> {
    const mediaId = episode.sourceMedia?.id;
    if (!mediaId) return null;
    const transcript = await this.deps.media.transcriptOf(mediaId);
    if (!transcript || transcript.words.length === 0) return null;
    if (!episode.edl) return [...transcript.words];
    const correctedSince = episode.processedAt ? transcript.updatedAt.getTime() > episode.processedAt.getTime() : true;
    if (episode.finalAudioKey && !correctedSince) {
      const kept = await this.kept(episode.finalAudioKey);
      if (kept) return kept;
    }
    const upload = await this.deps.media.findMediaById(mediaId);
    return withPublishedText(episode.edl, {
      words: transcript.words,
      detections: upload?.detection ?? NO_DETECTIONS,
      spoken: await this.spokenTexts(episode),
      // The creator's own settings are not at hand here: the default command words.
      cues: cueWordsOf(DEFAULT_AUDIO_CLEANUP_SETTINGS),
    }).words;
  }

  /** What the recipe's voices say, the answers given as a voiced clip alone read from their Intern answer. */
  private async spokenTexts(episode: Pick<Episode, 'user' | 'assembly'>): Promise<SpokenTexts> {
    const recipe = ZEpisodeRecipe.safeParse(episode.assembly);
    if (!recipe.success) return {};
    const userId = typeof episode.user === 'string' ? episode.user : episode.user.id;
    return recipeSpokenTexts(recipe.data, userId, this.deps.media);
  }

  private async kept(audioKey: string): Promise<TTranscriptWord[] | null> {
    const key = publishedWordsKeyFor(audioKey);
    if (!(await this.deps.storage.stat(key))) return null;
    return parseStoredWords(await this.deps.storage.readBytes(key));
  }
}
