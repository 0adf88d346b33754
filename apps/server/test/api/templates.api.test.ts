/** Templates over REST and tRPC, with two users (spec 000 sections 3-5 and 7; spec 002 deletion). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TRPCClientError } from '@trpc/client';
import { z } from 'zod';
import { TEMPLATE, TEMPLATE_MESSAGES, TTS_MESSAGES, type TTemplateBodyInput } from '@ppp/contracts';
import { errorOf, type TestServer } from '../support/http.ts';
import { MediaItemSchema } from '../../src/domain/media/media-item.entity.ts';
import {
  closeTemplatesBed,
  startTemplatesBed,
  templateBody as body,
  uploadToLibrary,
  ZTemplateView as ZView,
  type TemplateOwner,
  type TemplatesBed,
} from '../support/templates-bed.ts';

let orm: MikroORM;
let api: TestServer;
let a: TemplateOwner;
let b: TemplateOwner;
let bed: TemplatesBed | undefined;

beforeAll(async () => {
  bed = await startTemplatesBed('ppp-templates-test-');
  ({ orm, api, a, b } = bed);
});
afterAll(() => closeTemplatesBed(bed));

const uploaded = (token: string, category: 'outro' | 'music', name: string) => uploadToLibrary(bed!, token, category, name);

describe('templates over REST', () => {
  it('creates, reads back unchanged, lists, updates partially and keeps music volume in dB', async () => {
    const created = await api.request('POST', '/api/templates/', { token: a.token, json: body(a) });
    expect(created.status).toBe(201);
    const template = ZView.parse(created.body);
    expect(template).toMatchObject({ name: 'Weekly show', is_active: true, podcast_id: a.show });
    expect(template.segments.map((s) => s.segment_type)).toEqual(['intro', 'content', 'outro']);
    expect(template.background_music_rules[0]).toMatchObject({ fade_in_s: 2, fade_out_s: 3, start_offset_s: -1.5, volume_db: -3.74 });
    expect(template.background_music_rules[0]?.id).toEqual(expect.any(String));
    expect(template.ai_settings.tags_always_include).toEqual(['garden', 'compost']);

    const read = ZView.parse((await api.request('GET', `/api/templates/${template.id}`, { token: a.token })).body);
    expect(read).toEqual(template);

    const disabled = await api.request('PUT', `/api/templates/${template.id}`, { token: a.token, json: { is_active: false } });
    expect(disabled.status).toBe(200);
    expect(ZView.parse(disabled.body)).toMatchObject({ is_active: false, name: 'Weekly show', segments: template.segments });

    const list = z.array(ZView).parse((await api.request('GET', '/api/templates', { token: a.token })).body);
    expect(list.map((t) => t.id)).toContain(template.id);
  });

  it('makes the segment and music rule ids a client leaves out, and refuses a commercial segment on update', async () => {
    const withoutIds = body(a);
    const json = { ...withoutIds, segments: withoutIds.segments.map(({ id: _id, ...segment }) => segment) };
    const res = await api.request('POST', '/api/templates/', { token: a.token, json });
    expect(res.status, res.text).toBe(201);
    const created = ZView.parse(res.body);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(created.segments.map((segment) => segment.segment_type)).toEqual(['intro', 'content', 'outro']);
    expect(created.segments.every((segment) => uuid.test(segment.id))).toBe(true);
    expect(new Set(created.segments.map((segment) => segment.id)).size).toBe(3);
    expect(created.background_music_rules.every((rule) => typeof rule.id === 'string' && uuid.test(rule.id))).toBe(true);
    // Stored: read back with the same ids.
    const again = ZView.parse((await api.request('GET', `/api/templates/${created.id}`, { token: a.token })).body);
    expect(again.segments.map((segment) => segment.id)).toEqual(created.segments.map((segment) => segment.id));

    const segments = [...created.segments, { segment_type: 'commercial', source: { source_type: 'static', filename: a.outro } }];
    const put = await api.request('PUT', `/api/templates/${created.id}`, { token: a.token, json: { segments } });
    expect(errorOf(put)).toMatchObject({ status: 422, detail: TEMPLATE.messages.commercialUnavailable });
    const unchanged = ZView.parse((await api.request('GET', `/api/templates/${created.id}`, { token: a.token })).body);
    expect(unchanged.segments).toHaveLength(3);
    await api.request('DELETE', `/api/templates/${created.id}`, { token: a.token });
  });

  it('reads legacy sources as tts with their script', async () => {
    const legacy = body(a, {
      segments: [
        {
          id: 'i',
          segment_type: 'intro',
          source: { source_type: 'ai_generated', prompt: 'Hello from the past', voice_id: 'espeak:en-us' } as never,
        },
        { id: 'c', segment_type: 'content', source: { source_type: 'static', filename: '' } },
        { id: 'o', segment_type: 'outro', source: { source_type: 'tts', script: 'Bye now' } as never },
      ],
    });
    const res = await api.request('POST', '/api/templates/', { token: a.token, json: legacy });
    expect(res.status).toBe(201);
    const sources = ZView.parse(res.body).segments.map((s) => s.source);
    expect(sources[0]).toMatchObject({ source_type: 'tts', text_prompt: 'Hello from the past', voice_id: 'espeak:en-us' });
    expect(sources[2]).toMatchObject({ source_type: 'tts', text_prompt: 'Bye now' });
  });

  it('refuses a voice none of the user’s engines has (422 naming where), on create and update, and saves nothing (issue 35)', async () => {
    const before = z.array(ZView).parse((await api.request('GET', '/api/templates/', { token: a.token })).body);
    // An ElevenLabs voice without a key, and a local engine's voice that does not exist.
    for (const voiceId of ['EXAVITQu4vr4xnSDxMaL', 'espeak:no-such-voice']) {
      const ghost = body(a);
      ghost.segments[0] = { id: 'i', segment_type: 'intro', source: { source_type: 'tts', text_prompt: 'Hello there', voice_id: voiceId } };
      const res = await api.request('POST', '/api/templates/', { token: a.token, json: ghost });
      expect(errorOf(res)).toMatchObject({ status: 422, detail: TTS_MESSAGES.voiceUnavailable });
      expect(res.body).toMatchObject({ errors: [{ path: ['segments', 0, 'source', 'voice_id'] }] });
    }
    const intern = await api.request('POST', '/api/templates/', {
      token: a.token,
      json: { ...body(a), automation_settings: { intern_voice_id: 'espeak:no-such-voice' } },
    });
    expect(errorOf(intern)).toMatchObject({ status: 422, detail: TTS_MESSAGES.voiceUnavailable });
    await expect(
      api.trpc(a.token).templates.create.mutate({ ...body(a), default_intern_voice_id: 'espeak:no-such-voice' }),
    ).rejects.toMatchObject({ data: { httpStatus: 422 } });
    expect(z.array(ZView).parse((await api.request('GET', '/api/templates/', { token: a.token })).body)).toEqual(before);

    const saved = ZView.parse((await api.request('POST', '/api/templates/', { token: a.token, json: body(a) })).body);
    const changed = body(a);
    changed.segments[0] = {
      id: 'i',
      segment_type: 'intro',
      source: { source_type: 'tts', text_prompt: 'Hi', voice_id: 'espeak:no-such-voice' },
    };
    const put = await api.request('PUT', `/api/templates/${saved.id}`, { token: a.token, json: { segments: changed.segments } });
    expect(errorOf(put)).toMatchObject({ status: 422, detail: TTS_MESSAGES.voiceUnavailable });
    expect(ZView.parse((await api.request('GET', `/api/templates/${saved.id}`, { token: a.token })).body)).toEqual(saved);
    await api.request('DELETE', `/api/templates/${saved.id}`, { token: a.token });
  });

  it('refuses what the rules forbid, in the spec’s words, and changes nothing', async () => {
    const before = z.array(ZView).parse((await api.request('GET', '/api/templates/', { token: a.token })).body).length;
    const noShow = await api.request('POST', '/api/templates/', { token: a.token, json: { ...body(a), podcast_id: '' } });
    expect(errorOf(noShow)).toMatchObject({ status: 422, detail: TEMPLATE_MESSAGES.showRequired });
    const othersShow = await api.request('POST', '/api/templates/', { token: a.token, json: body({ ...a, show: b.show }) });
    expect(errorOf(othersShow)).toMatchObject({ status: 422, detail: TEMPLATE_MESSAGES.showRequired });
    const outroFirst = body(a);
    outroFirst.segments = [...outroFirst.segments].reverse();
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: outroFirst }))).toMatchObject({
      status: 422,
      detail: TEMPLATE.messages.introAfterContent,
    });
    const twoContents = body(a, {
      segments: [
        { id: 'c1', segment_type: 'content', source: { source_type: 'static', filename: '' } },
        { id: 'c2', segment_type: 'content', source: { source_type: 'static', filename: '' } },
      ],
    });
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: twoContents })).detail).toBe(
      TEMPLATE.messages.oneContent,
    );
    const unknown = body(a, { segments: [{ id: 'c', segment_type: 'content', source: { source_type: 'video' } as never }] });
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: unknown })).detail).toBe(
      'Unknown segment source type',
    );
    const loud = body(a, { background_music_rules: [{ apply_to_segments: ['intro'], music_filename: 'm.mp3', volume_db: 6 }] });
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: loud })).status).toBe(422);
    const offStep = body(a, { timing: { content_start_offset_s: 0.3 } });
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: offStep })).detail).toBe('Use steps of 0.5');
    const noClip = body(a);
    noClip.segments[2] = { id: 'o', segment_type: 'outro', source: { source_type: 'static', filename: '' } };
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: noClip })).detail).toBe(
      TEMPLATE_MESSAGES.staticFileRequired,
    );
    // The commercial segment type is unavailable to everyone (spec 000 section 6), over the API too.
    const commercial = body(a);
    commercial.segments = [
      ...commercial.segments,
      { id: 'ad-1', segment_type: 'commercial', source: { source_type: 'static', filename: a.outro } },
    ];
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: commercial }))).toMatchObject({
      status: 422,
      detail: TEMPLATE.messages.commercialUnavailable,
    });
    const tooManyTags = body(a, { ai_settings: { tags_always_include: Array.from({ length: 21 }, (_, i) => `tag${i}`) } });
    expect(errorOf(await api.request('POST', '/api/templates/', { token: a.token, json: tooManyTags })).status).toBe(422);
    const after = z.array(ZView).parse((await api.request('GET', '/api/templates/', { token: a.token })).body).length;
    expect(after).toBe(before);
  });

  it("refuses a clip or music bed that is missing, gone from storage or B's with a 422 naming it, and saves nothing", async () => {
    const count = async () => z.array(ZView).parse((await api.request('GET', '/api/templates/', { token: a.token })).body).length;
    const before = await count();
    const post = (json: TTemplateBodyInput) => api.request('POST', '/api/templates/', { token: a.token, json });
    // B's outro and B's music bed are not A's to use: refused like a file that does not exist.
    expect(errorOf(await post(body({ ...a, outro: b.outro })))).toMatchObject({
      status: 422,
      detail: TEMPLATE_MESSAGES.segmentFileNotFound(b.outro),
    });
    expect(errorOf(await post(body({ ...a, music: b.music })))).toMatchObject({
      status: 422,
      detail: TEMPLATE_MESSAGES.musicFileNotFound(b.music),
    });
    expect(errorOf(await post(body({ ...a, outro: 'nowhere.mp3' })))).toMatchObject({
      status: 422,
      detail: TEMPLATE_MESSAGES.segmentFileNotFound('nowhere.mp3'),
    });
    // A's own clip whose file is gone from storage.
    const lost = await uploaded(a.token, 'outro', 'lost-outro.mp3');
    await orm.em.fork().nativeUpdate(MediaItemSchema, { filename: lost }, { storageKey: `users/${a.id}/media/gone/original.mp3` });
    expect(errorOf(await post(body({ ...a, outro: lost })))).toMatchObject({
      status: 422,
      detail: TEMPLATE_MESSAGES.segmentFileNotFound(lost),
    });
    const trpcRefusal = await api
      .trpc(a.token)
      .templates.create.mutate(body({ ...a, music: b.music }))
      .catch((e: unknown) => e);
    expect(trpcRefusal).toBeInstanceOf(TRPCClientError);
    expect((trpcRefusal as TRPCClientError<never>).message).toBe(TEMPLATE_MESSAGES.musicFileNotFound(b.music));
    expect(await count()).toBe(before);

    // An update is refused for the files it names, and the template keeps its own; a rename does not re-check them.
    const template = ZView.parse((await post(body(a, { name: 'Checked files' }))).body);
    const put = (json: unknown) => api.request('PUT', `/api/templates/${template.id}`, { token: a.token, json });
    const theirs = template.segments.map((s) =>
      s.segment_type === 'outro' ? { ...s, source: { source_type: 'static', filename: b.outro } } : s,
    );
    expect(errorOf(await put({ segments: theirs }))).toMatchObject({ status: 422, detail: TEMPLATE_MESSAGES.segmentFileNotFound(b.outro) });
    const music = [{ apply_to_segments: ['outro'], music_filename: b.music }];
    expect(errorOf(await put({ background_music_rules: music }))).toMatchObject({
      status: 422,
      detail: TEMPLATE_MESSAGES.musicFileNotFound(b.music),
    });
    expect(ZView.parse((await api.request('GET', `/api/templates/${template.id}`, { token: a.token })).body)).toEqual(template);
    expect(ZView.parse((await put({ name: 'Renamed, files untouched' })).body).name).toBe('Renamed, files untouched');
    await api.request('DELETE', `/api/templates/${template.id}`, { token: a.token });
  });

  it("keeps B away from A's templates (404) and keeps the last template", async () => {
    const mine = ZView.parse((await api.request('POST', '/api/templates/', { token: a.token, json: body(a, { name: 'Private' }) })).body);
    for (const [method, json] of [
      ['GET', undefined],
      ['PUT', { name: 'Stolen' }],
      ['DELETE', undefined],
    ] as const) {
      expect(errorOf(await api.request(method, `/api/templates/${mine.id}`, { token: b.token, json })).status).toBe(404);
    }
    expect(errorOf(await api.request('GET', `/api/recurring/templates/${mine.id}/schedules`, { token: b.token })).status).toBe(404);
    expect(errorOf(await api.request('GET', `/api/templates/not-a-uuid`, { token: b.token })).status).toBe(404);
    expect((await api.request('GET', '/api/templates/', { token: b.token })).body).toEqual([]);

    const only = ZView.parse((await api.request('POST', '/api/templates/', { token: b.token, json: body(b) })).body);
    const refused = errorOf(await api.request('DELETE', `/api/templates/${only.id}`, { token: b.token }));
    expect(refused.status).toBe(400);
    expect(refused.detail).toContain('at least one template');
    const second = ZView.parse((await api.request('POST', '/api/templates/', { token: b.token, json: body(b, { name: 'Second' }) })).body);
    expect((await api.request('DELETE', `/api/templates/${only.id}`, { token: b.token })).body).toEqual({ ok: true, id: only.id });
    expect(
      z
        .array(ZView)
        .parse((await api.request('GET', '/api/templates/', { token: b.token })).body)
        .map((t) => t.id),
    ).toEqual([second.id]);
  });
});

describe('templates over tRPC', () => {
  it('creates, updates, disables and enables, and answers NOT_FOUND for another user', async () => {
    const trpcA = api.trpc(a.token);
    const created = await trpcA.templates.create.mutate(body(a, { name: 'Via tRPC' }));
    expect(created.created_at).toBeInstanceOf(Date);
    const updated = await trpcA.templates.update.mutate({ id: created.id, template: { ...body(a), name: 'Renamed' } });
    expect(updated.name).toBe('Renamed');
    expect((await trpcA.templates.setActive.mutate({ id: created.id, is_active: false })).is_active).toBe(false);
    expect((await trpcA.templates.setActive.mutate({ id: created.id, is_active: true })).is_active).toBe(true);
    expect((await trpcA.templates.list.query()).some((t) => t.id === created.id && t.name === 'Renamed')).toBe(true);

    const fromB = await api
      .trpc(b.token)
      .templates.get.query({ id: created.id })
      .catch((e: unknown) => e);
    expect(fromB).toBeInstanceOf(TRPCClientError);
    expect((fromB as TRPCClientError<never>).data).toMatchObject({ code: 'NOT_FOUND', appCode: 'NOT_FOUND' });
    await trpcA.templates.delete.mutate({ id: created.id });
    expect((await trpcA.templates.list.query()).some((t) => t.id === created.id)).toBe(false);
  });
});
