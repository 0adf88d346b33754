/**
 * The templates API tests' bed (templates.api and template-schedules.api): a server, and two creators
 * A and B, each with a show and two real files of their own library (an outro clip and a music bed).
 */
import { expect } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { scaleToDb, type TTemplateBodyInput } from '@ppp/contracts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';
import { closeApiBed, startApiBed } from './api-bed.ts';
import { tempDir, toneFile, uploadForm } from './audio-files.ts';
import { twoUsers, type TestServer } from './http.ts';

/** A creator with a show and two real files of their own library: an outro clip and a music bed. */
export interface TemplateOwner {
  token: string;
  id: string;
  show: string;
  outro: string;
  music: string;
}

export interface TemplatesBed {
  orm: MikroORM;
  api: TestServer;
  a: TemplateOwner;
  b: TemplateOwner;
  files: ReturnType<typeof tempDir>;
}

/** A template as the API answers it, the fields these tests read. */
export const ZTemplateView = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  podcast_id: z.string().nullable(),
  segments: z.array(z.object({ id: z.string(), segment_type: z.string(), source: z.record(z.string(), z.unknown()) })),
  background_music_rules: z.array(z.record(z.string(), z.unknown())),
  timing: z.object({ content_start_offset_s: z.number(), outro_start_offset_s: z.number() }),
  ai_settings: z.object({
    tags_always_include: z.array(z.string()),
    auto_generate_tags: z.boolean(),
    auto_fill_ai: z.boolean(),
    title_instructions: z.string().nullish(),
  }),
});

export async function showFor(orm: MikroORM, userId: string, name: string): Promise<string> {
  const em = orm.em.fork();
  const show = em.create(PodcastSchema, { user: userId, name });
  await em.flush();
  return show.id;
}

/** Uploads one real file to the owner's library and answers its stored filename. */
export async function uploadToLibrary(
  bed: Pick<TemplatesBed, 'api' | 'files'>,
  token: string,
  category: 'outro' | 'music',
  name: string,
): Promise<string> {
  const res = await fetch(`${bed.api.baseUrl}/api/media/upload/${category}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: uploadForm([toneFile(bed.files.dir, name, 1)]),
  });
  expect(res.status).toBe(201);
  const [item] = z
    .array(z.object({ filename: z.string() }))
    .length(1)
    .parse(await res.json());
  return item?.filename ?? '';
}

async function ownerOf(bed: Pick<TemplatesBed, 'orm' | 'api' | 'files'>, token: string, id: string, label: string): Promise<TemplateOwner> {
  const show = await showFor(bed.orm, id, `Show ${label}`);
  return {
    token,
    id,
    show,
    outro: await uploadToLibrary(bed, token, 'outro', `outro-${label}.mp3`),
    music: await uploadToLibrary(bed, token, 'music', `bed-${label}.mp3`),
  };
}

/** A full template of the owner's: an AI-voice intro, the content, their outro clip and their music bed. */
export function templateBody(
  owner: Pick<TemplateOwner, 'show' | 'outro' | 'music'>,
  over: Partial<TTemplateBodyInput> = {},
): TTemplateBodyInput {
  return {
    name: 'Weekly show',
    podcast_id: owner.show,
    segments: [
      {
        id: 'intro-1',
        segment_type: 'intro',
        source: { source_type: 'tts', text_prompt: 'Welcome to the show!', voice_id: 'espeak:en-us', voice_name: 'English (America)' },
      },
      { id: 'content-1', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      { id: 'outro-1', segment_type: 'outro', source: { source_type: 'static', filename: owner.outro } },
    ],
    background_music_rules: [
      { apply_to_segments: ['intro', 'outro'], music_filename: owner.music, start_offset_s: -1.5, volume_db: scaleToDb(6.5) },
    ],
    timing: { content_start_offset_s: -0.5, outro_start_offset_s: 1 },
    ai_settings: { title_instructions: 'Start with "Ep:"', tags_always_include: 'garden, Garden, compost' },
    ...over,
  };
}

export async function startTemplatesBed(prefix: string): Promise<TemplatesBed> {
  const files = tempDir(prefix);
  const { orm, api } = await startApiBed();
  const users = await twoUsers(api);
  const base = { orm, api, files };
  return {
    ...base,
    a: await ownerOf(base, users.admin.token, users.admin.id, 'a'),
    b: await ownerOf(base, users.user.token, users.user.id, 'b'),
  };
}

export async function closeTemplatesBed(bed: TemplatesBed | undefined): Promise<void> {
  if (!bed) return;
  await closeApiBed({ api: bed.api, orm: bed.orm });
  bed.files.remove();
}
