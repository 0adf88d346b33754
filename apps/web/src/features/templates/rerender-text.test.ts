import { describe, expect, it } from 'vitest';
import { rerenderDialogText, rerenderToast } from './rerender-text.ts';

const preview = (rerenderable: number, skipped = 0) => ({ template_id: 't1', rerenderable, skipped, uses_minutes: false });

describe("'Re-render episodes made with this template'", () => {
  it('says how many assembled episodes will be re-rendered, what they keep, and that no minutes are used', () => {
    expect(rerenderDialogText(preview(3, 1))).toEqual({
      summary: '3 assembled episodes made with this template will be re-rendered with its saved intro, outro, music and timing.',
      details: [
        'Each keeps its own cuts, Intern answers and scripts. Episodes on Spreaker need publishing again to get the new audio.',
        '1 episode made with it will be skipped: still rendering, or never assembled.',
        'Re-rendering does not use processing minutes.',
      ],
      canConfirm: true,
    });
    expect(rerenderDialogText(preview(1)).summary).toBe(
      '1 assembled episode made with this template will be re-rendered with its saved intro, outro, music and timing.',
    );
    expect(rerenderDialogText(preview(1)).details[0]).toMatch(/^It keeps its own cuts/);
    expect(rerenderDialogText({ ...preview(2), uses_minutes: true }).details.at(-1)).toBe('Re-rendering uses processing minutes.');
  });

  it('has nothing to confirm when no episode was assembled with the template', () => {
    expect(rerenderDialogText(preview(0))).toEqual({
      summary: 'There are no assembled episodes made with this template to re-render.',
      details: [],
      canConfirm: false,
    });
    expect(rerenderDialogText(preview(0, 2)).details).toEqual([
      '2 episodes made with it will be skipped: still rendering, or never assembled.',
    ]);
  });

  it('toasts the queued and skipped counts', () => {
    const queued = (n: number) => Array.from({ length: n }, (_, i) => ({ episode_id: `e${i}`, job_id: `j${i}` }));
    expect(rerenderToast({ template_id: 't1', queued: queued(2), skipped: 1 })).toEqual({
      title: 'Re-render started',
      message: '2 episodes queued for re-rendering, 1 skipped.',
    });
    expect(rerenderToast({ template_id: 't1', queued: queued(1), skipped: 0 }).message).toBe(
      '1 episode queued for re-rendering, 0 skipped.',
    );
    expect(rerenderToast({ template_id: 't1', queued: [], skipped: 3 })).toEqual({
      title: 'Nothing to re-render',
      message: '0 episodes queued for re-rendering, 3 skipped.',
    });
  });
});
