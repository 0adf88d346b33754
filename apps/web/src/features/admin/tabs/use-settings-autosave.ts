import { useRef } from 'react';
import { useForm } from '@mantine/form';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ADMIN_SETTINGS_SAVE_DELAY_MS, MESSAGES, type TAdminSettings } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';

/** The settings form, saved 400 ms after the last edit; a failed save puts the last saved values back. */
export function useSettingsAutosave(saved: TAdminSettings) {
  const utils = trpc.useUtils();
  const update = trpc.admin.updateSettings.useMutation();
  const lastSaved = useRef(saved);
  const form = useForm<TAdminSettings>({
    mode: 'controlled',
    initialValues: saved,
    onValuesChange: (values) => save(values),
  });

  const save = useDebouncedCallback(async (values: TAdminSettings) => {
    if (JSON.stringify(values) === JSON.stringify(lastSaved.current)) return;
    try {
      const next = await update.mutateAsync(values);
      lastSaved.current = next;
      utils.admin.settings.setData(undefined, next);
      void utils.public.config.invalidate();
    } catch (err) {
      form.setValues(lastSaved.current);
      notifications.show({
        color: 'red',
        title: MESSAGES.failedToSaveSettings,
        message: toApiFailure(err).message ?? MESSAGES.unexpected,
      });
    }
  }, ADMIN_SETTINGS_SAVE_DELAY_MS);

  return { form, saving: update.isPending };
}

export type SettingsFormApi = ReturnType<typeof useSettingsAutosave>['form'];
