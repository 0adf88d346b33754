import { useMemo } from 'react';
import {
  coverUploadForm,
  createPodcastForm,
  mediaUploadForm,
  type TCreatePodcastRequestInput,
  type TMediaItem,
  type TRecurringSlotInput,
  type TTemplateBodyInput,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The onboarding calls of spec 002 section 7 that finishing and making clips chain one after another,
 * through tRPC (the twins of their documented REST paths); files travel as FormData.
 */
export type TClip = Pick<TMediaItem, 'id' | 'display_name' | 'filename' | 'duration_seconds'>;

type Client = ReturnType<typeof trpc.useUtils>['client'];

export function onboardingApi(client: Client) {
  return {
    /** POST /api/media/tts {text, category, voice_id, free_override}; confirm_charge after the user agreed. */
    generateSpeech: (input: {
      text: string;
      category: 'intro' | 'outro';
      voice_id: string;
      friendly_name: string;
      confirm_charge?: boolean;
    }) => client.speech.tts.mutate({ ...input, free_override: true }),
    /** POST /api/media/upload/{intro|outro}. */
    async uploadClip(category: 'intro' | 'outro', file: File): Promise<TClip> {
      const [clip] = await client.mediaUploads.library.mutate(mediaUploadForm(category, [{ file, name: file.name }]));
      if (!clip) throw new Error('Upload returned no file');
      return clip;
    },
    /** PATCH /api/media/{id} {display_name} */
    renameClip: (id: string, displayName: string) => client.media.update.mutate({ id, patch: { display_name: displayName } }),
    /** DELETE /api/media/{id}; a failed deletion is silently ignored (spec 002 section 2.9): the clip stays in the library. */
    deleteClipQuietly: (id: string) =>
      client.media.delete.mutate({ id }).then(
        () => undefined,
        () => undefined,
      ),
    /** POST /api/media/upload/cover_art: the cover's public path. */
    uploadCover: (file: File) => client.mediaUploads.cover.mutate(coverUploadForm(file, file.name)),
    /** POST /api/music/assets/{id}/add-to-library: the bed as a music clip of the user's own. */
    addMusicToLibrary: (id: string) => client.music.addToLibrary.mutate({ id }),
    /** POST /api/podcasts/ (name, description, language, author, primary category, cover_image). */
    createShow: ({ cover, ...fields }: TCreatePodcastRequestInput & { cover: Blob | null }) =>
      client.podcasts.create.mutate(createPodcastForm(fields, cover)),
    /** POST /api/templates/ */
    createTemplate: (body: TTemplateBodyInput) => client.templates.create.mutate(body),
    /** PUT /api/recurring/templates/{id}/schedules */
    saveSchedule: (templateId: string, timezone: string, schedules: TRecurringSlotInput[]) =>
      client.templates.saveSchedules.mutate({ id: templateId, schedule: { timezone, schedules } }),
    /** POST /api/import/rss {rss_url} */
    importFeed: (rssUrl: string) => client.rssImport.start.mutate({ rss_url: rssUrl }),
  };
}
export type OnboardingApi = ReturnType<typeof onboardingApi>;

export function useOnboardingApi(): OnboardingApi {
  const utils = trpc.useUtils();
  return useMemo(() => onboardingApi(utils.client), [utils]);
}

/** The cover the wizard uploaded, fetched back (a public image, not an API call) to send with the new show. */
export async function coverBlob(path: string): Promise<Blob | null> {
  const res = await fetch(path);
  return res.ok ? res.blob() : null;
}
