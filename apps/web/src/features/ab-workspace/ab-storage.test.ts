import { describe, expect, it } from 'vitest';
import { AB_MESSAGES, abChecklist, abDisplayName, abSectionProblems, abStateKey } from '@ppp/contracts';
import { progressLabel, readAbState, saveAbState } from './ab-storage.ts';

function memory() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('the /ab workspace in the browser', () => {
  it('keeps its state under ab_state_ and the first 6 token characters; a cut-off upload reads as failed', () => {
    const store = memory();
    const upload = {
      id: 'u',
      fileName: 'a.wav',
      serverFilename: null,
      size: '1 KB',
      status: 'uploading' as const,
      progress: 40,
      nickname: '',
      showId: null,
      ttlDays: 14,
      durationSec: null,
    };
    saveAbState('abcdefghij', { uploads: [upload], draftId: 'd' }, store);
    expect([...store.data.keys()]).toEqual(['ab_state_abcdef']);
    expect(abStateKey('abcdefghij')).toBe('ab_state_abcdef');
    expect(readAbState('abcdefghij', store)).toEqual({ uploads: [{ ...upload, status: 'error' }], draftId: 'd' });
  });

  it('shows progress 1-99 then Uploaded', () => {
    expect(progressLabel({ status: 'uploading', progress: 0 })).toBe('1%');
    expect(progressLabel({ status: 'uploading', progress: 100 })).toBe('99%');
    expect(progressLabel({ status: 'done', progress: 100 })).toBe('Uploaded');
  });

  it('truncates filenames at 60 characters, 50 with a nickname', () => {
    const long = `${'x'.repeat(70)}.wav`;
    expect(abDisplayName(long, null)).toHaveLength(60);
    expect(abDisplayName(long, 'nick')).toHaveLength(50);
    expect(abDisplayName('short.wav', 'nick')).toBe('short.wav');
  });
});

describe('the /ab workspace rules from the contracts', () => {
  it('checks intro/outro segments in the spec’s words', () => {
    const problems = abSectionProblems(
      [
        { segment_id: 'i', section_type: 'intro', source_type: 'tts', script: ' ' },
        { segment_id: 'o', section_type: 'outro', source_type: 'static', filename: 'bye.mp3' },
      ],
      { intro: [], outro: [{ id: 'bye-id', filename: 'bye.mp3' }] },
    );
    expect(problems).toEqual([AB_MESSAGES.scriptRequired('intro')]);
    expect(problems[0]).toBe('intro: AI voice script is required');
  });

  it("finds a static file by its id, so another user's file (an id not in the library) is not found", () => {
    const library = { intro: [{ id: 'mine', filename: 'hello.mp3' }], outro: [] };
    const segment = { segment_id: 'i', section_type: 'intro', source_type: 'static', filename: 'hello.mp3' } as const;
    expect(abSectionProblems([{ ...segment, media_id: 'mine' }], library)).toEqual([]);
    expect(abSectionProblems([{ ...segment, media_id: 'theirs' }], library)).toEqual([AB_MESSAGES.staticNotFound]);
    expect(abSectionProblems([{ ...segment, filename: '' }], library)).toEqual([AB_MESSAGES.chooseStatic]);
  });

  it('enables Go to Finalize only when all five checklist items are done', () => {
    const draft = { title: 'T', description: 'D', tags: 'a', template: 't', introoutro_status: 'none' as const };
    expect(abChecklist(draft)).toEqual([true, true, true, true, false]);
    expect(abChecklist({ ...draft, introoutro_status: 'manual' }).every(Boolean)).toBe(true);
  });
});

describe('the layout key', () => {
  it("sends New Episode to /ab for the 'ab' layout only", async () => {
    const { workspaceNewEpisodePath } = await import('./ab-storage.ts');
    const store = memory();
    expect(workspaceNewEpisodePath('/dashboard/new', store)).toBe('/dashboard/new');
    store.setItem('ppp.landing.layout', 'ab');
    expect(workspaceNewEpisodePath('/dashboard/new', store)).toBe('/ab');
  });
});
