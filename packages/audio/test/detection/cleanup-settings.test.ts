import {
  CLEANUP,
  DEFAULT_AUDIO_CLEANUP_SETTINGS,
  ZAudioCleanupSettings,
  ZDetectionResult,
  ZFuzzyThreshold,
  ZTranscript,
  censorStrictness,
  splitPhraseList,
} from '@ppp/contracts';
import { describe, expect, it } from 'vitest';
import { detectIntents } from '../../src/detection/detect-intents.ts';
import { spoken, transcriptWords } from './fixtures.ts';

describe('audio cleanup settings (spec 001 §3, §5, §9)', () => {
  it('defaults to the spec values', () => {
    expect(DEFAULT_AUDIO_CLEANUP_SETTINGS).toMatchObject({
      fillerWords: ['um', 'uh', 'like'],
      fillerLeadTrimMs: 100,
      maxPauseSeconds: 1.8,
      targetPauseSeconds: 0.6,
      censorMatchThreshold: 0.8,
      censorBeepMs: 250,
      censorBeepFreq: 1000,
      censorBeepGainDb: 0,
      commands: {
        flubber: { action: 'rollback_restart', trigger_keyword: 'flubber' },
        intern: { action: 'ai_command', trigger_keyword: 'intern', end_markers: ['stop', 'stop intern'], remove_end_marker: true },
      },
    });
  });

  it('fills a partial body with defaults', () => {
    const parsed = ZAudioCleanupSettings.parse({ removeFillers: false, commands: { intern: { trigger_keyword: 'helper' } } });
    expect(parsed.removeFillers).toBe(false);
    expect(parsed.commands.intern).toMatchObject({ trigger_keyword: 'helper', end_markers: ['stop', 'stop intern'] });
    expect(parsed.commands.flubber.trigger_keyword).toBe('flubber');
  });

  it('splits stop phrases on commas or pipes and de-duplicates them', () => {
    expect(splitPhraseList('stop | Stop, stop intern,,halt')).toEqual(['stop', 'stop intern', 'halt']);
    const parsed = ZAudioCleanupSettings.parse({ commands: { intern: { end_markers: ['stop|end', 'END'] } } });
    expect(parsed.commands.intern.end_markers).toEqual(['stop', 'end']);
  });

  it.each([
    [{ maxPauseSeconds: 0.4 }, true],
    [{ maxPauseSeconds: 0.39 }, false],
    [{ targetPauseSeconds: 0.2 }, true],
    [{ targetPauseSeconds: 0.19 }, false],
    [{ fillerLeadTrimMs: 0 }, true],
    [{ fillerLeadTrimMs: -1 }, false],
    [{ censorMatchThreshold: 0 }, true],
    [{ censorMatchThreshold: 1 }, true],
    [{ censorMatchThreshold: 0.35 }, true],
    [{ censorMatchThreshold: 0.33 }, false],
    [{ censorMatchThreshold: 1.05 }, false],
  ])('%j valid: %s', (body, valid) => {
    expect(ZAudioCleanupSettings.safeParse(body).success).toBe(valid);
  });

  it('names censor strictness as the spec does', () => {
    expect([0.6, 0.65, 0.85, 0.9].map(censorStrictness)).toEqual(['loose', 'normal', 'normal', 'strict']);
  });
});

describe('fuzzy threshold (spec 000 §9)', () => {
  it('defaults to 0.8 and accepts 0.5 to 0.95 in steps of 0.05', () => {
    expect(ZFuzzyThreshold.parse(undefined)).toBe(CLEANUP.defaultFuzzyThreshold);
    for (const value of [0.5, 0.55, 0.8, 0.95]) expect(ZFuzzyThreshold.safeParse(value).success).toBe(true);
    for (const value of [0.45, 0.57, 1]) expect(ZFuzzyThreshold.safeParse(value).success).toBe(false);
  });
});

describe('transcript and result contracts', () => {
  it('rejects a word that ends before it starts and accepts a zero-duration word', () => {
    expect(ZTranscript.safeParse({ words: [{ text: 'a', start: 2, end: 1 }] }).success).toBe(false);
    const parsed = ZTranscript.parse({ words: [{ text: 'a', start: 2, end: 2 }] });
    expect(parsed).toEqual({ words: [{ text: 'a', start: 2, end: 2, confidence: null }], language: null, duration_s: null });
  });

  it('describes what detectIntents returns', () => {
    const words = transcriptWords(spoken('um flubber intern say hi stop applause', 0, 0.4, 2));
    const result = detectIntents({ words }, DEFAULT_AUDIO_CLEANUP_SETTINGS, [{ media_id: 'a', keyword: 'applause' }]);
    expect(ZDetectionResult.parse(result)).toEqual(result);
  });
});
