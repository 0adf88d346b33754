import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_VALUES, ZSegment, missingScripts, planFeaturesOf, type TInternContext, type TSegment } from '@ppp/contracts';
import {
  answersWithHidden,
  assembleRequest,
  audioFileProblem,
  autoSelectedTemplate,
  availableIntents,
  canAnswer,
  canRegenerate,
  intentHint,
  clampFlubberRange,
  clampInternEnd,
  flubberCutsMs,
  internAnswers,
  internCanContinue,
  internExecuteRequest,
  pendingIntents,
  pendingMessage,
  templateDescription,
  toCreatorUpload,
  ttsValuesFor,
  uploadFilename,
  visibleIntents,
  lockedIntents,
} from './creator-rules.ts';
import { freshInternItem, type InternReviewItem } from './creator-state.ts';

const caps = { has_elevenlabs: false, has_google_tts: false, has_tts: false, has_any_sfx_triggers: false };

describe('templates and files', () => {
  it('auto-selects exactly one active template', () => {
    expect(
      autoSelectedTemplate([
        { id: 'a', is_active: true },
        { id: 'b', is_active: false },
      ])?.id,
    ).toBe('a');
    expect(
      autoSelectedTemplate([
        { id: 'a', is_active: true },
        { id: 'b', is_active: true },
      ]),
    ).toBeNull();
    expect(autoSelectedTemplate([{ id: 'a', is_active: false }])).toBeNull();
  });

  it('describes a template without a description', () => {
    expect(templateDescription(null)).toBe('No description available.');
    expect(templateDescription('  ')).toBe('No description available.');
    expect(templateDescription('Weekly show')).toBe('Weekly show');
  });

  it('takes audio files within the cap only', () => {
    expect(audioFileProblem({ type: 'image/png', size: 10 }, 500)).toBe('Please select an audio file.');
    expect(audioFileProblem({ type: 'audio/wav', size: 11 * 1024 * 1024 }, 10)).toBe('Audio exceeds 10MB limit.');
    expect(audioFileProblem({ type: 'audio/mpeg', size: 10 * 1024 * 1024 }, 10)).toBeNull();
  });
});

describe('intent questions', () => {
  // has_tts counts as an AI voice on purpose: see availableIntents for why the built-in engine does.
  it('shows Intern only with an AI voice and sound effects only with a trigger; Flubber always', () => {
    expect(availableIntents(caps)).toEqual(['flubber']);
    expect(availableIntents(null)).toEqual(['flubber']);
    expect(availableIntents({ ...caps, has_elevenlabs: true })).toEqual(['flubber', 'intern']);
    expect(availableIntents({ ...caps, has_google_tts: true, has_any_sfx_triggers: true })).toEqual(['flubber', 'intern', 'sfx']);
    expect(availableIntents({ ...caps, has_tts: true })).toEqual(['flubber', 'intern']);
  });

  it('hides questions with nothing detected once detection is ready', () => {
    const all = ['flubber', 'intern', 'sfx'] as const;
    expect(visibleIntents(all, null)).toEqual(['flubber', 'intern', 'sfx']);
    expect(visibleIntents(all, { flubber: 2, intern: 0, sfx: 1 })).toEqual(['flubber', 'sfx']);
  });

  it('locks the automations the plan does not include: Flubber and Intern below Creator, sound effects below Pro', () => {
    const all = ['flubber', 'intern', 'sfx'] as const;
    expect(lockedIntents(all, planFeaturesOf(DEFAULT_TIER_VALUES.free))).toEqual(['flubber', 'intern', 'sfx']);
    expect(lockedIntents(all, planFeaturesOf(DEFAULT_TIER_VALUES.creator))).toEqual(['sfx']);
    expect(lockedIntents(all, planFeaturesOf(DEFAULT_TIER_VALUES.pro))).toEqual([]);
    expect(lockedIntents(['flubber'], planFeaturesOf(DEFAULT_TIER_VALUES.starter))).toEqual(['flubber']);
    // An unknown plan locks nothing: the server still refuses what the plan lacks.
    expect(lockedIntents(all, null)).toEqual([]);
  });

  it('names the unanswered questions', () => {
    const pending = pendingIntents(['flubber', 'intern', 'sfx'], { flubber: 'yes', intern: 'unknown', sfx: 'unknown' });
    expect(pending).toEqual(['intern', 'sfx']);
    expect(pendingMessage(pending)).toBe('We need your answer about Intern, Sound Effects.');
    expect(answersWithHidden({ flubber: 'yes', intern: 'unknown', sfx: 'unknown' }, ['flubber'])).toEqual({
      flubber: 'yes',
      intern: 'no',
      sfx: 'no',
    });
  });
});

describe('scripts', () => {
  const segments: TSegment[] = [
    ZSegment.parse({ id: 'intro', segment_type: 'intro', source: { source_type: 'tts', text_prompt: 'Welcome' } }),
    ZSegment.parse({ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }),
    ZSegment.parse({ id: 'outro', segment_type: 'outro', source: { source_type: 'tts', text_prompt: '' } }),
  ];

  it('lists blank tts scripts in order, the typed text replacing the template', () => {
    expect(missingScripts(segments, {})).toEqual(['outro']);
    expect(missingScripts(segments, { intro: '   ', outro: 'Bye' })).toEqual(['intro']);
    expect(missingScripts(segments, { outro: 'Bye' })).toEqual([]);
    expect(ttsValuesFor(segments, { outro: 'Bye' })).toEqual({ intro: 'Welcome', outro: 'Bye' });
  });
});

describe('Flubber ranges', () => {
  it('keeps a cut at least 0.05 s long and not before 0', () => {
    expect(clampFlubberRange(5, 5.01)).toEqual({ start_s: 5, end_s: 5.05 });
    expect(clampFlubberRange(-1, 0.5)).toEqual({ start_s: 0, end_s: 0.5 });
    expect(clampFlubberRange(2, 3)).toEqual({ start_s: 2, end_s: 3 });
  });

  it('sends only the picked ranges, sorted, in milliseconds', () => {
    expect(
      flubberCutsMs({
        1: { start_s: 20.25, end_s: 21.25, cut: true },
        0: { start_s: 9.25, end_s: 10.25, cut: true },
        2: { start_s: 30, end_s: 31, cut: false },
      }),
    ).toEqual([
      { start_ms: 9250, end_ms: 10250 },
      { start_ms: 20250, end_ms: 21250 },
    ]);
  });
});

/** The one Intern command the tests find: asked at 10 s, its answer ending by default at 16 s. */
function internContext(): TInternContext {
  return {
    command_id: 'c1',
    intern_index: 0,
    id: 'c1',
    start_s: 10,
    snippet_start_s: 10,
    snippet_end_s: 40,
    max_duration_s: 30,
    default_end_s: 16,
    prompt_text: 'q',
    audio_url: null,
    label: 'Intern 1',
  };
}

/** The Intern command and review item the Intern tests start from. */
function internFixtures() {
  const context = internContext();
  const item = (patch: Partial<InternReviewItem>): InternReviewItem => ({ ...freshInternItem(context), ...patch });
  return { context, item };
}

describe('Intern review', () => {
  const { context, item } = internFixtures();

  it('keeps the end mark between 0.25 s after the start and the 30 s window', () => {
    expect(clampInternEnd(context, 10.1)).toBe(10.25);
    expect(clampInternEnd(context, 45)).toBe(40);
    expect(clampInternEnd({ start_s: 10, max_duration_s: 60 }, 45)).toBe(40);
    expect(clampInternEnd(context, 12.5)).toBe(12.5);
  });

  it('continues only when every command has an answer, or there are none', () => {
    expect(internCanContinue([], {})).toBe(true);
    expect(internCanContinue([context], { c1: item({ response_text: '  ' }) })).toBe(false);
    expect(internCanContinue([context], { c1: item({ response_text: 'Yes.' }) })).toBe(true);
  });

  it('continues past a command dismissed as a false detection, whether its words are kept or cut', () => {
    expect(internCanContinue([context], { c1: item({ dismissed: 'keep' }) })).toBe(true);
    expect(internCanContinue([context], { c1: item({ dismissed: 'cut' }) })).toBe(true);
    expect(internCanContinue([context], { c1: item({ dismissed: null }) })).toBe(false);
  });

  it('allows two regenerations, and only where a chat model answers (the extractive default would quote the episode again)', () => {
    expect(canRegenerate(item({ regenerate_count: 1 }), 'openai')).toBe(true);
    expect(canRegenerate(item({ regenerate_count: 2 }), 'openai')).toBe(false);
    expect(canRegenerate(item({ regenerate_count: 0 }), 'extractive')).toBe(false);
    expect(canAnswer('extractive')).toBe(false);
    expect(canAnswer('openai')).toBe(true);
  });
});

describe('Intern answers', () => {
  const { context, item } = internFixtures();

  it('says under the questions which engine answers Intern commands and that a sound effect needs its keyword said', () => {
    expect(intentHint('intern', 'extractive')).toBe(
      'No AI that answers questions is set up on this instance: you type each answer (voiced in the chosen voice), or dismiss the command.',
    );
    expect(intentHint('intern', 'openai')).toContain('AI chat model');
    expect(intentHint('sfx', 'extractive')).toBe('An effect plays only where its keyword was said aloud in the recording.');
    expect(intentHint('flubber', 'openai')).toBeNull();
  });

  it("asks the text AI for the answer, again on Regenerate, and voices the creator's edited words as written", () => {
    const voiced = item({ response_text: 'Paris.', voiced_text: 'Paris.', media_id: 'v1', end_s: 12 });
    const base = { filename: 'm1', command_id: 'c1', start_s: 10, end_s: 12, voice_id: 'espeak:en-us' };
    // First ask: nothing typed yet, the text AI answers.
    expect(internExecuteRequest('m1', context, item({ end_s: 12 }), 'espeak:en-us', false)).toEqual({
      ...base,
      override_text: null,
      regenerate: false,
    });
    // The answer as generated, accepted: asking again sends no words of the creator's.
    expect(internExecuteRequest('m1', context, voiced, 'espeak:en-us', false)).toEqual({ ...base, override_text: null, regenerate: false });
    expect(internExecuteRequest('m1', context, voiced, null, true)).toEqual({
      ...base,
      voice_id: null,
      override_text: null,
      regenerate: true,
    });
    // 'Voice my answer': the edited text, trimmed, goes as override_text; Regenerate ignores an edit.
    const edited = { ...voiced, response_text: '  Paris is the capital of France. ' };
    expect(internExecuteRequest('m1', context, edited, 'espeak:en-us', false)).toEqual({
      ...base,
      override_text: 'Paris is the capital of France.',
      regenerate: false,
    });
    expect(internExecuteRequest('m1', context, edited, 'espeak:en-us', true).override_text).toBeNull();
  });

  it('sends the voiced clip at the end mark, or the edited text to voice again', () => {
    expect(internAnswers([context], { c1: item({ response_text: 'Yes.', media_id: 'v1', voiced_text: 'Yes.', end_s: 12 }) })).toEqual([
      { intern_index: 0, text: 'Yes.', media_id: 'v1', at_s: 12 },
    ]);
    expect(internAnswers([context], { c1: item({ response_text: 'No.', media_id: 'v1', voiced_text: 'Yes.', end_s: 12 }) })).toEqual([
      { intern_index: 0, text: 'No.', at_s: 12 },
    ]);
    expect(internAnswers([context], { c1: item({}) })).toEqual([]);
  });
});

/** A build with one retake cut, one Intern answer, a script and a cover crop, and the details sent with it. */
function assembleFixtures() {
  const segments: TSegment[] = [
    ZSegment.parse({ id: 'intro', segment_type: 'intro', source: { source_type: 'tts', text_prompt: 'Welcome' } }),
    ZSegment.parse({ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }),
  ];
  const context = internContext();
  const build = {
    upload: {
      id: 'm1',
      filename: 'take',
      stored_filename: '0a1b2c3d-take.wav',
      duration_seconds: 60,
      transcript_ready: true,
      intents: null,
    },
    answers: { flubber: 'yes', intern: 'yes', sfx: 'no' } as const,
    flubberCuts: { 0: { start_s: 9.25, end_s: 10.25, cut: true } },
    internContexts: [context],
    intern: {
      c1: { end_s: 12, response_text: 'Yes.', audio_url: null, media_id: 'v1', regenerate_count: 0, voiced_text: 'Yes.', error: null },
    },
    ttsValues: { intro: 'Hello there' },
    voices: { intro: { voice_id: 'espeak:en-gb' }, content: { voice_id: 'ignored' } },
    coverCrop: '0,0,100,100',
  };
  const details = {
    episode_details: { title: 'One: the start', episodeNumber: '1', cover_image_path: 'cover.jpg' },
    publish: { mode: 'draft' as const },
  };
  return { segments, build, details };
}

describe('the assemble request', () => {
  const { segments, build, details } = assembleFixtures();

  it('carries the reviewed cuts, the Intern answers, every script and the cover crop', () => {
    const request = assembleRequest(build, { id: 't1', segments }, details);
    expect(request).toMatchObject({
      template_id: 't1',
      main_content_filename: '0a1b2c3d-take.wav',
      output_filename: 'One-the-start.mp3',
      tts_values: { intro: 'Hello there' },
      tts_voices: { intro: 'espeak:en-gb' },
      flubber_cuts_ms: [{ start_ms: 9250, end_ms: 10250 }],
      flubber_indices: [],
      intents: { flubber: 'yes', intern: 'yes', sfx: 'no' },
      intern_answers: [{ intern_index: 0, text: 'Yes.', media_id: 'v1', at_s: 12 }],
      publish: { mode: 'draft' },
    });
    expect(request.episode_details.cover_crop).toBe('0,0,100,100');
  });

  it('sends no cuts or answers for a no, and no crop without a cover', () => {
    const request = assembleRequest(
      { ...build, answers: { flubber: 'no', intern: 'no', sfx: 'no' } },
      { id: 't1', segments },
      { ...details, episode_details: { title: 'One', episodeNumber: 1 } },
    );
    expect(request.flubber_cuts_ms).toEqual([]);
    expect(request.intern_answers).toEqual([]);
    expect(request.episode_details.cover_crop).toBeNull();
  });

  it('answers nothing for a dismissed command, and cuts its words only when the creator chose to', () => {
    const dismissed = (choice: 'keep' | 'cut') =>
      assembleRequest(
        { ...build, intern: { c1: { ...build.intern.c1, response_text: '', voiced_text: null, media_id: null, dismissed: choice } } },
        { id: 't1', segments },
        details,
      );
    expect(dismissed('keep')).toMatchObject({ intern_answers: [] });
    expect(dismissed('keep').manual_cuts).toBeUndefined();
    expect(dismissed('cut')).toMatchObject({ intern_answers: [], manual_cuts: [{ start_ms: 10_000, end_ms: 12_000 }] });
  });
});

describe('the upload as the payloads name it', () => {
  it('is the stored filename (spec 000 §7 main_content_filename), or the id for a build saved before it was kept', () => {
    const item = {
      id: 'm1',
      filename: '0a1b2c3d-take.wav',
      friendly_name: 'Take',
      original_name: 'take.wav',
      duration_seconds: 60,
      transcript_ready: true,
      intents: null,
    };
    const upload = toCreatorUpload(item as never);
    expect(upload).toMatchObject({ id: 'm1', filename: 'Take', stored_filename: '0a1b2c3d-take.wav' });
    expect(uploadFilename(upload)).toBe('0a1b2c3d-take.wav');
    expect(uploadFilename({ id: 'm1' })).toBe('m1');
  });
});
