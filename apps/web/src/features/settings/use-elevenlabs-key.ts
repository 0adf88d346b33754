import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** The speech engines on offer, the key as typed, and storing or removing the user's ElevenLabs key. */
export function useElevenLabsKey() {
  const utils = trpc.useUtils();
  const capabilities = trpc.speech.capabilities.useQuery();
  const save = trpc.speech.setElevenLabsKey.useMutation({ onSuccess: (data) => utils.speech.capabilities.setData(undefined, data) });
  const [key, setKey] = useState('');

  async function store(value: string | null) {
    try {
      await save.mutateAsync({ api_key: value });
      setKey('');
      await utils.speech.voices.invalidate();
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: value ? 'Your ElevenLabs voices are available.' : 'Your ElevenLabs key was removed.',
      });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Save failed', message: toApiFailure(err).message ?? 'Save failed' });
    }
  }

  return { capabilities: capabilities.data, key, setKey, store, saving: save.isPending };
}
