import type { TRerenderTemplatePreview, TRerenderTemplateResponse } from '@ppp/contracts';

export const RERENDER_ACTION = 'Re-render episodes made with this template';

const episodes = (n: number) => `${n} ${n === 1 ? 'episode' : 'episodes'}`;

export interface RerenderDialogText {
  /** What will happen, with the number of assembled episodes. */
  summary: string;
  /** What the episodes keep, what they get, and the minutes. */
  details: string[];
  /** Whether there is anything to re-render (the confirm button). */
  canConfirm: boolean;
}

/** The confirm dialog's words for the server's count (GET /api/templates/{id}/rerender). */
export function rerenderDialogText(preview: TRerenderTemplatePreview): RerenderDialogText {
  const minutes = preview.uses_minutes ? 'Re-rendering uses processing minutes.' : 'Re-rendering does not use processing minutes.';
  const skipped =
    preview.skipped > 0 ? [`${episodes(preview.skipped)} made with it will be skipped: still rendering, or never assembled.`] : [];
  if (preview.rerenderable === 0) {
    return { summary: 'There are no assembled episodes made with this template to re-render.', details: skipped, canConfirm: false };
  }
  const one = preview.rerenderable === 1;
  return {
    summary: `${one ? '1 assembled episode' : `${preview.rerenderable} assembled episodes`} made with this template will be re-rendered with its saved intro, outro, music and timing.`,
    details: [
      `${one ? 'It keeps its' : 'Each keeps its'} own cuts, Intern answers and scripts. Episodes on Spreaker need publishing again to get the new audio.`,
      ...skipped,
      minutes,
    ],
    canConfirm: true,
  };
}

/** The toast after assembly.rerenderTemplate: queued and skipped counts. */
export function rerenderToast(result: TRerenderTemplateResponse): { title: string; message: string } {
  const queued = result.queued.length;
  return {
    title: queued > 0 ? 'Re-render started' : 'Nothing to re-render',
    message: `${episodes(queued)} queued for re-rendering, ${result.skipped} skipped.`,
  };
}
