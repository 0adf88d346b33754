import { describe, expect, it } from 'vitest';
import { TEMPLATE, ZBackgroundMusicRule, ZSegment, ZTemplate, ZTemplateBody, dbToScale, scaleToDb, scaleToGain } from '../src/index.ts';

describe('loudness scale', () => {
  it.each([
    [10, 0],
    [1, -20],
    [5, -6.02],
    [4, -7.96],
    [11, 2.61],
  ])('level %d is %d dB', (level, db) => {
    expect(scaleToDb(level)).toBe(db);
  });

  it('maps 1-10 linearly to 0.1-1.0, 11 to 1.35x, and clamps outside the scale', () => {
    expect(scaleToGain(1)).toBeCloseTo(0.1);
    expect(scaleToGain(7.5)).toBeCloseTo(0.75);
    expect(scaleToGain(11)).toBeCloseTo(1.35);
    expect(scaleToGain(10.5)).toBeCloseTo(1.175);
    expect(scaleToGain(0)).toBeCloseTo(0.1);
    expect(scaleToGain(20)).toBeCloseTo(1.35);
  });

  it('reads every level on the 0.1 grid back from its stored dB', () => {
    for (let tenths = 10; tenths <= 110; tenths++) expect(dbToScale(scaleToDb(tenths / 10))).toBe(tenths / 10);
    expect(dbToScale(-60)).toBe(TEMPLATE.loudnessMin);
    expect(dbToScale(12)).toBe(TEMPLATE.loudnessMax);
  });
});

describe('segments', () => {
  it('reads static and tts sources', () => {
    expect(ZSegment.parse({ id: 'a', segment_type: 'intro', source: { source_type: 'static', filename: 'intro.mp3' } }).source).toEqual({
      source_type: 'static',
      filename: 'intro.mp3',
    });
    const tts = ZSegment.parse({
      id: 'b',
      segment_type: 'outro',
      source: { source_type: 'tts', text_prompt: 'Bye', voice_id: 'v1', voice_name: 'Ann' },
    });
    expect(tts.source).toMatchObject({ source_type: 'tts', text_prompt: 'Bye', voice_id: 'v1', voice_name: 'Ann' });
  });

  it('reads the legacy forms as tts: ai_generated with a prompt, and tts carrying script or prompt', () => {
    const read = (source: object) => ZSegment.parse({ id: 'x', segment_type: 'intro', source }).source;
    expect(read({ source_type: 'ai_generated', prompt: 'Welcome!', voice_id: 'v' })).toMatchObject({
      source_type: 'tts',
      text_prompt: 'Welcome!',
      voice_id: 'v',
    });
    expect(read({ source_type: 'tts', script: 'Hello there' })).toMatchObject({ source_type: 'tts', text_prompt: 'Hello there' });
    expect(read({ source_type: 'tts', prompt: 'Hi' })).toMatchObject({ source_type: 'tts', text_prompt: 'Hi' });
    expect(read({ source_type: 'tts' })).toMatchObject({ source_type: 'tts', text_prompt: '' });
  });

  it("rejects an unknown source with the spec's message", () => {
    const result = ZSegment.safeParse({ id: 'x', segment_type: 'intro', source: { source_type: 'video' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown segment source type');
  });
});

describe('music rules', () => {
  it('fills the spec defaults: fades 2 s in and 3 s out, volume at level 4', () => {
    expect(ZBackgroundMusicRule.parse({ apply_to_segments: ['intro'], music_filename: 'bed.mp3' })).toEqual({
      apply_to_segments: ['intro'],
      music_filename: 'bed.mp3',
      start_offset_s: 0,
      end_offset_s: 0,
      fade_in_s: 2,
      fade_out_s: 3,
      volume_db: -7.96,
    });
  });

  it('takes offsets and fades in steps of 0.5 and negative offsets', () => {
    const ok = ZBackgroundMusicRule.safeParse({ apply_to_segments: ['outro'], music_filename: 'm', start_offset_s: -10, fade_in_s: 1.5 });
    expect(ok.success).toBe(true);
    expect(ZBackgroundMusicRule.safeParse({ apply_to_segments: ['outro'], music_filename: 'm', start_offset_s: 0.3 }).success).toBe(false);
    expect(ZBackgroundMusicRule.safeParse({ apply_to_segments: ['outro'], music_filename: 'm', fade_out_s: -1 }).success).toBe(false);
    expect(ZBackgroundMusicRule.safeParse({ apply_to_segments: ['outro'], music_filename: 'm', volume_db: 6 }).success).toBe(false);
  });
});

describe('templates', () => {
  const segments = [
    { id: 'i', segment_type: 'intro', source: { source_type: 'static', filename: 'i.mp3' } },
    { id: 'c', segment_type: 'content', source: { source_type: 'static', filename: '' } },
    { id: 'o', segment_type: 'outro', source: { source_type: 'tts', text_prompt: 'Bye' } },
  ];

  it('fills timing, AI settings and activity defaults', () => {
    const template = ZTemplate.parse({ id: 't', name: 'Weekly', podcast_id: 'p', segments });
    expect(template.timing).toEqual({ content_start_offset_s: 0, outro_start_offset_s: 0 });
    expect(template.ai_settings).toMatchObject({ auto_fill_ai: true, tags_always_include: [], auto_generate_tags: true });
    expect(template.is_active).toBe(true);
    expect(template.background_music_rules).toEqual([]);
  });

  it('requires a show, with the spec message', () => {
    const result = ZTemplateBody.safeParse({ name: 'Weekly', segments });
    expect(result.error?.issues.map((issue) => issue.message)).toContain('A show is required for this template. Please select one.');
  });

  it('splits, de-duplicates and bounds the always-include tags', () => {
    const template = ZTemplateBody.parse({
      name: 'W',
      podcast_id: 'p',
      segments,
      ai_settings: { tags_always_include: 'news, Tech ,tech,,ai' },
    });
    expect(template.ai_settings.tags_always_include).toEqual(['news', 'Tech', 'ai']);
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(ZTemplateBody.safeParse({ name: 'W', podcast_id: 'p', segments, ai_settings: { tags_always_include: many } }).success).toBe(
      false,
    );
  });

  it('enforces one content segment, intros before it and outros after it', () => {
    const body = (list: object[]) => ZTemplateBody.safeParse({ name: 'W', podcast_id: 'p', segments: list });
    expect(body(segments).success).toBe(true);
    expect(body([segments[0]!, segments[2]!]).error?.issues[0]?.message).toBe(TEMPLATE.messages.oneContent);
    expect(body([segments[1]!, segments[0]!]).error?.issues[0]?.message).toBe(TEMPLATE.messages.introAfterContent);
    expect(body([segments[2]!, segments[1]!]).error?.issues[0]?.message).toBe(TEMPLATE.messages.outroBeforeContent);
  });
});
