/**
 * What the tests of a spoken episode share: a show with a content-only template, and a main-content
 * upload of espeak-ng phrases (one per slot) with its supplied transcript, transcribed by the worker,
 * and its first Intern command answered in the creator's own words and voiced.
 */
import { ZInternExecuteRequest, ZTemplateBody, type TMediaItem } from '@ppp/contracts';
import { coverPng, seedShow } from '@ppp/server/test-support';
import { LocalStorage, type User } from '@ppp/server/domain';
import { spokenSlots } from './spoken-slots.ts';
import type { workerBed } from './worker-bed.ts';

type Bed = ReturnType<typeof workerBed>;

/** A show of the user's with a cover, and a template of it that is the content alone. */
export async function contentOnlyShow(bed: Bed, user: User, name: string): Promise<{ showId: string; templateId: string }> {
  const showId = await seedShow(bed.orm, new LocalStorage(bed.storage.dir), user.id, name, coverPng(bed.files.dir));
  const template = await bed.services().templates.create(
    user,
    ZTemplateBody.parse({
      name: 'Content only',
      podcast_id: showId,
      segments: [{ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }],
    }),
  );
  return { showId, templateId: template.id };
}

/** The phrases spoken into slots of `slotSeconds`, uploaded with their transcript; the upload once transcription has settled. */
export async function spokenUpload(
  bed: Bed,
  user: User,
  speech: { name: string; phrases: readonly string[]; slotSeconds: number },
): Promise<TMediaItem> {
  const { wav, transcript } = spokenSlots({ dir: bed.files.dir, ...speech, sampleRate: 44100 });
  const [item] = await bed
    .services()
    .uploads.acceptMany(
      user,
      [{ path: wav, name: `${speech.name}.wav`, size: 1 }],
      [`${speech.name} upload`],
      { category: 'main_content' },
      { path: transcript, name: `${speech.name}.json`, size: 0 },
    );
  if (!item) throw new Error('not stored');
  return bed.waitFor(
    () => bed.services().media.getDto(user, item.id),
    (i) => i.status !== 'processing',
  );
}

/**
 * The upload's first Intern command answered in the creator's own words (no chat model here: the
 * default engine never answers by itself) and voiced, as assemble takes it: the clip at the end mark.
 */
export async function voicedAnswer(
  bed: Bed,
  user: User,
  uploadId: string,
  text: string,
): Promise<{ intern_index: number; media_id: string; at_s: number }> {
  const [command] = (await bed.services().internReview.prepare(user, { filename: uploadId })).contexts;
  if (!command) throw new Error('no Intern command');
  const answer = await bed.services().internReview.execute(
    user,
    ZInternExecuteRequest.parse({
      filename: uploadId,
      command_id: command.command_id,
      start_s: command.start_s,
      end_s: command.default_end_s,
      override_text: text,
    }),
  );
  if (!answer.media_id) throw new Error('no voiced answer');
  return { intern_index: command.intern_index, media_id: answer.media_id, at_s: answer.end_s };
}
