import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGES, type TAudioCleanupSettings } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

export type PatchSettings = (next: Partial<TAudioCleanupSettings>) => void;
export interface BeepChoice {
  value: string;
  label: string;
}

/** The settings as edited from the saved ones, the sound effects a beep can be, and saving them. */
export function useAudioSettings(saved: TAudioCleanupSettings) {
  const [values, setValues] = useState<TAudioCleanupSettings>(saved);
  const utils = trpc.useUtils();
  const update = trpc.audioCleanup.update.useMutation();
  const sfx = trpc.media.library.useQuery(undefined, {
    select: (items): BeepChoice[] => items.filter((i) => i.category === 'sfx').map((i) => ({ value: i.filename, label: i.friendly_name })),
  });
  const patch: PatchSettings = (next) => setValues({ ...values, ...next });

  async function save() {
    try {
      utils.audioCleanup.get.setData(undefined, await update.mutateAsync({ settings: values }));
      // Issue 18: the server checked the uploads not yet made into episodes again with these settings.
      await Promise.all([utils.media.mainContent.invalidate(), utils.transcripts.intentHints.invalidate()]);
      notifications.show({
        color: 'teal',
        title: 'Saved',
        message: 'Audio settings updated. Your uploads not yet made into episodes were checked again with them.',
      });
    } catch (err) {
      notifications.show({ color: 'red', title: MESSAGES.failedToSaveSettings, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return {
    values,
    setValues,
    patch,
    beeps: sfx.data ?? [],
    changed: JSON.stringify(values) !== JSON.stringify(saved),
    reset: () => setValues(saved),
    save,
    saving: update.isPending,
  };
}
