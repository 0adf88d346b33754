import { useMemo, useState } from 'react';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  RECURRING_SCHEDULE_MESSAGES,
  TEMPLATE_MESSAGES,
  type TPodcast,
  type TRecurringSchedulesResponse,
  type TTemplateView,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import {
  draftFromTemplate,
  hasProblems,
  sectionOfProblem,
  newTemplateDraft,
  snapshotOf,
  toTemplateBody,
  validateDraft,
  type DraftChange,
  type DraftProblems,
  type TemplateDraft,
} from './editor-state.ts';
import { emptySchedule, scheduleBody, scheduleFromResponse, scheduleSnapshot, type ScheduleDraft } from './schedule-state.ts';

function failureToast(title: string, err: unknown) {
  notifications.show({ color: 'red', title, message: toApiFailure(err).message ?? title });
}

/** The template being edited: a form over the draft, the saved snapshot it is compared with, and the last check's problems. */
export function useTemplateDraft(template: TTemplateView | null, shows: readonly TPodcast[]) {
  const initial = useMemo(
    () => (template ? draftFromTemplate(template) : newTemplateDraft(shows.length === 1 ? (shows[0]?.id ?? null) : null)),
    [template, shows],
  );
  const form = useForm<TemplateDraft>({ mode: 'controlled', initialValues: initial });
  const [saved, setSaved] = useState(() => snapshotOf(initial));
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const draft = form.values;
  return {
    draft,
    problems,
    dirty: snapshotOf(draft) !== saved,
    patch: (change: DraftChange) => form.setValues(typeof change === 'function' ? change(form.getValues()) : change),
    check(): DraftProblems {
      const found = validateDraft(form.getValues());
      setProblems(found);
      return found;
    },
    markSaved(stored: TTemplateView) {
      const next = draftFromTemplate(stored);
      form.setValues(next);
      setSaved(snapshotOf(next));
    },
    /** The stored template's active flag changed, so only the creator's other edits stay unsaved. */
    markActive(active: boolean) {
      form.setValues({ is_active: active });
      setSaved((snapshot) => JSON.stringify({ ...JSON.parse(snapshot), is_active: active }));
    },
  };
}
export type TemplateDraftState = ReturnType<typeof useTemplateDraft>;

/** The recurring schedule being edited (a new one in UTC, spec 000 section 9) and its saved snapshot. */
export function useScheduleDraft(loaded: TRecurringSchedulesResponse | null) {
  const initial = useMemo(() => (loaded ? scheduleFromResponse(loaded) : emptySchedule()), [loaded]);
  const [value, setValue] = useState<ScheduleDraft>(initial);
  const [saved, setSaved] = useState(() => scheduleSnapshot(initial));
  return {
    value,
    setValue,
    dirty: scheduleSnapshot(value) !== saved,
    markSaved(response: TRecurringSchedulesResponse) {
      const stored = scheduleFromResponse(response);
      setValue(stored);
      setSaved(scheduleSnapshot(stored));
    },
  };
}
export type ScheduleDraftState = ReturnType<typeof useScheduleDraft>;

interface SaveOptions {
  id: string | null;
  editor: TemplateDraftState;
  schedule: ScheduleDraftState;
  /** A save refused by the checks: open the section with the first problem. */
  onRefused: (section: string) => void;
  onSaved: () => void;
}

/** Save Template: the checks, then the template, then the schedule when it changed; busy while the mutation runs. */
export function useSaveTemplate({ id, editor, schedule, onRefused, onSaved }: SaveOptions) {
  const utils = trpc.useUtils();
  const create = trpc.templates.create.useMutation();
  const update = trpc.templates.update.useMutation();
  const saveSchedules = trpc.templates.saveSchedules.useMutation();

  async function saveSchedule(templateId: string): Promise<boolean> {
    try {
      const result = await saveSchedules.mutateAsync({ id: templateId, schedule: scheduleBody(schedule.value) });
      schedule.markSaved(result);
      notifications.show({ color: 'green', title: RECURRING_SCHEDULE_MESSAGES.updated, message: `${result.schedules.length} slot(s)` });
      return true;
    } catch (err) {
      failureToast(RECURRING_SCHEDULE_MESSAGES.saveFailed, err);
      return false;
    }
  }

  async function save(): Promise<void> {
    const found = editor.check();
    if (hasProblems(found)) {
      onRefused(sectionOfProblem(found));
      notifications.show({ color: 'red', title: TEMPLATE_MESSAGES.saveFailed, message: found.first });
      return;
    }
    const body = toTemplateBody(editor.draft);
    const stored = id ? await update.mutateAsync({ id, template: body }) : await create.mutateAsync(body);
    editor.markSaved(stored);
    notifications.show({ color: 'green', title: TEMPLATE_MESSAGES.saved, message: stored.name });
    if (schedule.dirty && !(await saveSchedule(stored.id))) return;
    await utils.templates.invalidate();
    onSaved();
  }

  return useMutation({ mutationFn: save, onError: (err) => failureToast(TEMPLATE_MESSAGES.saveFailed, err) });
}

/** The Status card's switch: a saved template changes at once, a new one only in the draft. */
export function useToggleActive(id: string | null, editor: TemplateDraftState) {
  const utils = trpc.useUtils();
  const setActive = trpc.templates.setActive.useMutation();
  async function toggle() {
    const active = !editor.draft.is_active;
    if (!id) return editor.patch({ is_active: active });
    try {
      await setActive.mutateAsync({ id, is_active: active });
      editor.markActive(active);
      await utils.templates.list.invalidate();
    } catch (err) {
      failureToast(TEMPLATE_MESSAGES.saveFailed, err);
    }
  }
  return { toggle: () => void toggle(), busy: setActive.isPending };
}
