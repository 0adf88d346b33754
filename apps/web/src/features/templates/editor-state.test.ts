import { describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES, ZTemplateBody, type TTemplateView } from '@ppp/contracts';
import { draftFromTemplate, newMusicRule, newTemplateDraft, snapshotOf, toTemplateBody, validateDraft } from './editor-state.ts';

describe('template editor state', () => {
  it('starts with intro, content and outro, and asks for the show in the spec’s words', () => {
    const draft = newTemplateDraft(null);
    expect(draft.segments.map((s) => s.segment_type)).toEqual(['intro', 'content', 'outro']);
    const problems = validateDraft({ ...draft, name: 'Weekly' });
    expect(problems.podcast_id).toBe(TEMPLATE_MESSAGES.showRequired);
    expect(problems.first).toBe(TEMPLATE_MESSAGES.showRequired);
  });

  it('stores the loudness level as dB and reads it back as the same level', () => {
    const draft = newTemplateDraft('show-1');
    draft.name = 'Weekly';
    draft.segments = draft.segments.map((s) =>
      s.segment_type === 'content' ? s : { ...s, source: { source_type: 'static', filename: `${s.segment_type}.mp3` } },
    );
    draft.music = [{ ...newMusicRule(), music_filename: 'bed.mp3', loudness: 6.5, start_offset_s: -2.5 }];
    const body = toTemplateBody(draft);
    expect(body.background_music_rules?.[0]).toMatchObject({ volume_db: -3.74, fade_in_s: 2, fade_out_s: 3, start_offset_s: -2.5 });
    const parsed = ZTemplateBody.parse(body);
    const view: TTemplateView = { ...parsed, id: 't1', podcast_id: 'show-1', created_at: new Date(), updated_at: new Date() };
    const back = draftFromTemplate(view);
    expect(back.music[0]?.loudness).toBe(6.5);
    expect(snapshotOf(back)).toBe(snapshotOf({ ...draft, music: back.music }));
  });

  it('is dirty after a change and clean again when it is undone', () => {
    const draft = newTemplateDraft('show-1');
    const saved = snapshotOf(draft);
    expect(snapshotOf({ ...draft, name: 'Changed' })).not.toBe(saved);
    expect(snapshotOf({ ...draft, name: '' })).toBe(saved);
  });

  it('flags static segments without a clip, and always-include tags over the limits', () => {
    const draft = {
      ...newTemplateDraft('show-1'),
      name: 'X',
      tags_always_include: Array.from({ length: 21 }, (_, i) => `t${i}`).join(','),
    };
    const problems = validateDraft(draft);
    expect(Object.values(problems.segments)).toEqual([TEMPLATE_MESSAGES.staticFileRequired, TEMPLATE_MESSAGES.staticFileRequired]);
    expect(problems.tags_always_include).toBe('At most 20 tags.');
    expect(validateDraft({ ...draft, tags_always_include: 'a, A, b' }).tags_always_include).toBeUndefined();
  });
});
