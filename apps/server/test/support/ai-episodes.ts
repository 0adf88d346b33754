import type { MikroORM } from '@mikro-orm/postgresql';
import type { TEdl } from '@ppp/contracts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { timedWords, uploadWithTranscript } from './transcripts.ts';

/** A few minutes of a gardening show, as whisper transcribes it. */
export const GREEN_THUMB_EPISODE = [
  'Hey everyone, welcome back to Green Thumb Radio. Today we are talking about home composting and why your kitchen scraps matter more than you think.',
  'Composting at home is honestly easier than most people expect. You need a bin, some brown material like dry leaves or shredded cardboard, and green material like vegetable peels and coffee grounds.',
  'The ratio of brown material to green material is the real secret to a healthy compost pile. Too much green material and the compost pile turns slimy and starts to smell.',
  'My guest today is Maria Lopez, a community garden organizer who has been composting in a small city apartment for twenty years. She keeps a worm bin under her kitchen sink.',
  'Maria says the biggest mistake beginners make is never turning the compost pile. Turn the pile every week so the microbes get oxygen and the pile stays warm.',
  'In winter the compost pile slows down, but it does not stop. Insulating the bin with straw keeps the microbes working through the cold months.',
  'Finished compost smells like a forest floor, and it is ready when you can no longer recognise the vegetable peels. Spread it on your garden beds in early spring.',
  'Next week we will talk about worm bins and vermicomposting in more detail. Thanks for listening to Green Thumb Radio.',
];

export interface CutEpisodeOptions {
  /** The upload's file name. */
  filename: string;
  paragraphs: readonly string[];
  showName: string;
  title: string;
  /** A static intro before the content, in ms (none when 0). */
  introMs?: number;
}

/** A cut in upload milliseconds. */
export interface UploadCut {
  start_ms: number;
  end_ms: number;
}

/** The EDL as assembly leaves it: the optional intro, then the content with `cut` taken out. */
function edlWithCut(cut: UploadCut, durationMs: number, introMs: number): TEdl {
  const contentMs = durationMs - (cut.end_ms - cut.start_ms);
  const intro =
    introMs > 0 ? [{ id: 'intro', segment_type: 'intro', source: 'static', title: 'Intro', start_ms: 0, duration_ms: introMs }] : [];
  return {
    segments: [
      ...intro,
      { id: 'content', segment_type: 'content', source: 'content', title: 'Content', start_ms: introMs, duration_ms: contentMs },
    ],
    content: {
      segment_id: 'content',
      cuts: [{ ...cut, reasons: ['manual'] }],
      mutes: [],
      pieces: [
        { type: 'source', start_ms: 0, end_ms: cut.start_ms },
        { type: 'source', start_ms: cut.end_ms, end_ms: durationMs },
      ],
      duration_ms: contentMs,
    },
    inserts: [],
    duration_ms: introMs + contentMs,
  } as unknown as TEdl;
}

/**
 * A processed episode of `userId` on a transcribed upload of `paragraphs`, whose EDL cuts the third
 * paragraph (and plays an intro first when `introMs` is given). Returns the episode's id and the cut.
 */
export async function episodeCuttingThirdParagraph(
  orm: MikroORM,
  userId: string,
  options: CutEpisodeOptions,
): Promise<{ episodeId: string; cut: UploadCut }> {
  const { paragraphs } = options;
  const uploadId = await uploadWithTranscript(orm, userId, options.filename, paragraphs);
  const words = timedWords(paragraphs);
  const third = timedWords(paragraphs.slice(0, 2)).length;
  const fourth = timedWords(paragraphs.slice(0, 3)).length;
  const cut = { start_ms: Math.round(words[third - 1]!.end * 1000) + 100, end_ms: Math.round(words[fourth]!.start * 1000) - 100 };
  const durationMs = Math.round(words.at(-1)!.end * 1000) + 500;
  const em = orm.em.fork();
  const podcast = em.create(PodcastSchema, { user: userId, name: options.showName });
  const episode = em.create(EpisodeSchema, {
    user: userId,
    podcast,
    sourceMedia: uploadId,
    title: options.title,
    status: 'processed',
    edl: edlWithCut(cut, durationMs, options.introMs ?? 0),
  });
  await em.flush();
  return { episodeId: episode.id, cut };
}
