/** The show and template a journey starts from, made through the app's REST paths as the journey's user. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { TTemplateBodyInput } from '@ppp/contracts';
import type { ApiCall } from './harness.ts';

/** A show (POST /api/podcasts/), with a PNG cover when one is given; answers its id. */
export async function createShow(api: ApiCall, name: string, description: string, cover?: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('description', description);
  if (cover) form.append('cover_image', new Blob([readFileSync(cover)], { type: 'image/png' }), path.basename(cover));
  const res = await api('POST', '/api/podcasts/', form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
}

/** A template's one segment for the episode's own audio. */
export const CONTENT_SEGMENT = { id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } } as const;

/** A template for a show (POST /api/templates/): the content alone unless `fields` says otherwise; answers its id. */
export async function createTemplate(
  api: ApiCall,
  podcastId: string,
  name: string,
  fields: Partial<Omit<TTemplateBodyInput, 'name' | 'podcast_id'>> = {},
): Promise<string> {
  const res = await api('POST', '/api/templates/', { name, podcast_id: podcastId, segments: [CONTENT_SEGMENT], ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
}

/**
 * A show with a cover that the built-in host's publish check and the directories accept: besides the
 * name and cover, a category and an owner. Answers its id.
 */
export async function createPublishableShow(api: ApiCall, name: string, description: string, cover: string): Promise<string> {
  const id = await createShow(api, name, description, cover);
  const details = { name, description, category_id: 'Technology', owner_name: 'Ada Garden', owner_email: 'ada@example.com' };
  const res = await api('PUT', `/api/podcasts/${id}`, details);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}
