import { describe, expect, it } from 'vitest';
import {
  ASSEMBLY_MESSAGES,
  DEFAULT_TIER_VALUES,
  EDITABLE_TIER_KEYS,
  PLANS,
  ZAssembleEpisodeRequest,
  episodeDownloadName,
  episodeOutputFilename,
  episodeQuotaExceeded,
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
  it("is exceeded (step 5's 'Quota exceeded') with no episode left, never when unlimited", () => {
    expect(episodeQuotaExceeded({ episodes_remaining_this_month: 0 })).toBe(true);
    expect(episodeQuotaExceeded({ episodes_remaining_this_month: 1 })).toBe(false);
    expect(episodeQuotaExceeded({ episodes_remaining_this_month: null })).toBe(false);
    expect(episodeQuotaExceeded(undefined)).toBe(false);
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
  const base = { template_id: 't', main_content_filename: 'a.wav', episode_details: { title: 'Hello', episodeNumber: 1 } };
  const firstIssue = (input: unknown) => ZAssembleEpisodeRequest.safeParse(input).error?.issues[0]?.message;
  it('needs a template, a title and an audio file', () => {
    for (const bad of [
      { ...base, template_id: '' },
      { ...base, episode_details: { episodeNumber: 1 } },
      { ...base, main_content_filename: undefined },
    ]) {
      expect(firstIssue(bad)).toBe(ASSEMBLY_MESSAGES.required);
    }
  });
  it("says step 5's words for a blank title and a missing episode number", () => {
    expect(firstIssue({ ...base, episode_details: { title: ' ', episodeNumber: 1 } })).toBe(ASSEMBLY_MESSAGES.titleRequired);
    for (const episodeNumber of [undefined, null, '', ' ', 'seven', -1, 1.5]) {
      expect(firstIssue({ ...base, episode_details: { title: 'Hi', episodeNumber } }), String(episodeNumber)).toBe(
        ASSEMBLY_MESSAGES.episodeNumberRequired,
      );
    }
    expect(
      ZAssembleEpisodeRequest.parse({ ...base, episode_details: { title: 'Hi', episodeNumber: ' 12 ' } }).episode_details.episodeNumber,
    ).toBe(12);
    expect(
      ZAssembleEpisodeRequest.parse({ ...base, episode_details: { title: 'Hi', episodeNumber: 0 } }).episode_details.episodeNumber,
    ).toBe(0);
  });
  it('trims tags to 30 characters and keeps 20', () => {
    const tags = Array.from({ length: 25 }, (_, i) => `${'x'.repeat(40)}${i}`).join(',');
    const parsed = ZAssembleEpisodeRequest.parse({ ...base, episode_details: { title: 'Hi', episodeNumber: 1, tags } });
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

describe('output_filename', () => {
  it('is made from the title: safe characters, words joined by -, .mp3', () => {
    expect(episodeOutputFilename('Speech, take one!')).toBe('Speech-take-one.mp3');
    expect(episodeOutputFilename('Ça va ? Épisode 2')).toBe('Ca-va-Episode-2.mp3');
    expect(episodeOutputFilename('  ')).toBe('episode.mp3');
    expect(episodeOutputFilename('x'.repeat(300))).toBe(`${'x'.repeat(120)}.mp3`);
  });
  it('names the download: the name sent, without folders, with the stored file’s extension; else from the title', () => {
    expect(episodeDownloadName('talk.mp3', 'Ignored', 'mp3')).toBe('talk.mp3');
    expect(episodeDownloadName('../shows/My Show ep 1.wav', 'Ignored', 'mp3')).toBe('My-Show-ep-1.mp3');
    expect(episodeDownloadName(null, 'Pilot: One', 'm4a')).toBe('Pilot-One.m4a');
    expect(episodeDownloadName('', '', 'mp3')).toBe('episode.mp3');
  });
});
