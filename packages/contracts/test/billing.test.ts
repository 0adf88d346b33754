import { describe, expect, it } from 'vitest';
import {
  ASSEMBLY_MESSAGES,
  DEFAULT_TIER_VALUES,
  EDITABLE_TIER_KEYS,
  PLANS,
  ZAssembleEpisodeRequest,
  isQuotaLow,
  minutesNeeded,
  tierFeatureType,
} from '../src/index.ts';

describe('minutes needed (spec 000 §9)', () => {
  it('rounds seconds up to whole minutes, at least 1', () => {
    expect(minutesNeeded(0)).toBe(1);
    expect(minutesNeeded(1)).toBe(1);
    expect(minutesNeeded(60)).toBe(1);
    expect(minutesNeeded(60.001)).toBe(2);
    expect(minutesNeeded(125.4)).toBe(3);
    expect(minutesNeeded(3600)).toBe(60);
  });
  it('ignores noise below a millisecond', () => {
    expect(minutesNeeded(120.0000004)).toBe(2);
  });
});

describe('quota warning', () => {
  it('warns at or below 10% of the maximum and above 0', () => {
    expect(isQuotaLow(12, 120)).toBe(true);
    expect(isQuotaLow(13, 120)).toBe(false);
    expect(isQuotaLow(0, 120)).toBe(false);
    expect(isQuotaLow(5, null)).toBe(false);
  });
});

describe('tier table seeded from the plan table', () => {
  it('takes minutes and capabilities from plans.ts, unlimited is null', () => {
    for (const plan of PLANS) {
      expect(DEFAULT_TIER_VALUES[plan.key].max_processing_minutes_month).toBe(plan.processingMinutes);
      expect(DEFAULT_TIER_VALUES[plan.key].flubber).toBe(plan.features.flubber);
    }
    expect(DEFAULT_TIER_VALUES.unlimited.max_processing_minutes_month).toBeNull();
    expect(DEFAULT_TIER_VALUES.unlimited.max_episodes_month).toBeNull();
    expect(EDITABLE_TIER_KEYS).not.toContain('unlimited');
    expect(tierFeatureType('max_episodes_month')).toBe('number');
    expect(tierFeatureType('intern')).toBe('boolean');
    expect(tierFeatureType('nope')).toBeNull();
  });
});

describe('the assemble request', () => {
  const base = { template_id: 't', main_content_filename: 'a.wav', episode_details: { title: 'Hello' } };
  it('needs a template, a title and an audio file', () => {
    for (const bad of [{ ...base, template_id: '' }, { ...base, episode_details: { title: ' ' } }, { ...base, main_content_filename: undefined }]) {
      const result = ZAssembleEpisodeRequest.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(ASSEMBLY_MESSAGES.required);
    }
  });
  it('trims tags to 30 characters and keeps 20', () => {
    const tags = Array.from({ length: 25 }, (_, i) => `${'x'.repeat(40)}${i}`).join(',');
    const parsed = ZAssembleEpisodeRequest.parse({ ...base, episode_details: { title: 'Hi', tags } });
    expect(parsed.episode_details.tags).toHaveLength(20);
    expect(parsed.episode_details.tags.every((tag) => tag.length === 30)).toBe(true);
  });
  it('asks for a time when scheduling', () => {
    const result = ZAssembleEpisodeRequest.safeParse({ ...base, publish: { mode: 'schedule' } });
    expect(result.error?.issues[0]?.message).toBe(ASSEMBLY_MESSAGES.scheduleRequired);
    expect(ZAssembleEpisodeRequest.parse(base).publish.mode).toBe('draft');
  });
  it('refuses a cut that ends before it starts', () => {
    expect(ZAssembleEpisodeRequest.safeParse({ ...base, manual_cuts: [{ start_ms: 500, end_ms: 400 }] }).success).toBe(false);
  });
});
