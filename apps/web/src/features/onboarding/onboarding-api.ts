import { z } from 'zod';
import {
  ONBOARDING,
  ZCoverImageList,
  ZCoverUploadResponse,
  ZMusicAssetList,
  ZRecurringSchedulesResponse,
  ZRssImportResult,
  ZVoicePage,
  type TRecurringSlotInput,
  type TTemplateBodyInput,
} from '@ppp/contracts';
import { restCall } from '../../lib/rest-json.ts';

/**
 * The onboarding calls of spec 002 section 7, on their documented REST paths. Answers are read with
 * the contracts' schemas (dates arrive as text over REST, so only the fields the wizard uses).
 */

const ZClip = z.object({ id: z.string(), display_name: z.string(), filename: z.string(), duration_seconds: z.number().nullable() });
export type TClip = z.infer<typeof ZClip>;
const ZCreated = z.object({ id: z.string(), name: z.string() });

/** GET /api/elevenlabs/voices?size=12 */
export async function fetchVoices(page: number) {
  return ZVoicePage.parse(await restCall('GET', `/api/elevenlabs/voices?size=${ONBOARDING.voicesPageSize}&page=${page}`));
}

/** POST /api/media/tts {text, category, voice_id, free_override}; confirm_charge after the user agreed. */
export async function generateSpeech(input: {
  text: string;
  category: 'intro' | 'outro';
  voice_id: string;
  friendly_name: string;
  confirm_charge?: boolean;
}) {
  return ZClip.parse(await restCall('POST', '/api/media/tts', { ...input, free_override: true }));
}

/** POST /api/media/upload/{intro|outro} (multipart files). */
export async function uploadClip(category: 'intro' | 'outro', file: File) {
  const form = new FormData();
  form.append('files', file);
  const [clip] = z.array(ZClip).parse(await restCall('POST', `/api/media/upload/${category}`, form));
  if (!clip) throw new Error('Upload returned no file');
  return clip;
}

/** PATCH /api/media/{id} {display_name} */
export async function renameClip(id: string, displayName: string) {
  return ZClip.parse(await restCall('PATCH', `/api/media/${encodeURIComponent(id)}`, { display_name: displayName }));
}

/** DELETE /api/media/{id}; a failed deletion is silently ignored (spec 002 section 2.9). */
export async function deleteClipQuietly(id: string): Promise<void> {
  try {
    await restCall('DELETE', `/api/media/${encodeURIComponent(id)}`);
  } catch {
    // The clip stays in the library; the user can delete it there.
  }
}

/** POST /api/media/upload/cover_art (multipart file): the cover's public path. */
export async function uploadCover(file: File) {
  const form = new FormData();
  form.append('file', file);
  return ZCoverUploadResponse.parse(await restCall('POST', '/api/media/upload/cover_art', form));
}

/** GET /api/media/covers: the creator's cover images, newest first. */
export async function fetchCovers() {
  return ZCoverImageList.parse(await restCall('GET', '/api/media/covers'));
}

/** GET /api/music/assets */
export async function fetchMusicAssets() {
  return ZMusicAssetList.parse(await restCall('GET', '/api/music/assets'));
}

/** POST /api/music/assets/{id}/add-to-library: the bed as a music clip of the user's own. */
export async function addMusicToLibrary(id: string) {
  return ZClip.parse(await restCall('POST', `/api/music/assets/${encodeURIComponent(id)}/add-to-library`));
}

/** POST /api/podcasts/ (multipart: name, description, cover_image). */
export async function createShow(input: { name: string; description: string; cover: Blob | null }) {
  const form = new FormData();
  form.append('name', input.name);
  form.append('description', input.description);
  if (input.cover) form.append('cover_image', input.cover, 'cover');
  return ZCreated.parse(await restCall('POST', '/api/podcasts/', form));
}

/** POST /api/templates/ */
export async function createTemplate(body: TTemplateBodyInput) {
  return ZCreated.parse(await restCall('POST', '/api/templates/', body));
}

/** PUT /api/recurring/templates/{id}/schedules */
export async function saveSchedule(templateId: string, timezone: string, schedules: TRecurringSlotInput[]) {
  return ZRecurringSchedulesResponse.parse(
    await restCall('PUT', `/api/recurring/templates/${encodeURIComponent(templateId)}/schedules`, { timezone, schedules }),
  );
}

/** POST /api/import/rss {rss_url} */
export async function importFeed(rssUrl: string) {
  return ZRssImportResult.parse(await restCall('POST', '/api/import/rss', { rss_url: rssUrl }));
}

/** The cover the wizard uploaded, fetched back to send with the new show. */
export async function coverBlob(path: string): Promise<Blob | null> {
  const res = await fetch(path);
  return res.ok ? res.blob() : null;
}
