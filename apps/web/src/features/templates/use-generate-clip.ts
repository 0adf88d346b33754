import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { TTS_MESSAGES, VOICES, type TLibraryCategory, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** When the last clip was made, across dialogs, so reopening does not skip the rest. */
let lastCreatedAt = 0;

/** Seconds until Generate may run again (it rests after a clip is made), ticking while the dialog is open. */
export function useGenerateCooldown(opened: boolean) {
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((lastCreatedAt + VOICES.generateCooldownMs - now) / 1000));
  useEffect(() => {
    if (!opened || secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [opened, secondsLeft]);
  const restart = () => {
    lastCreatedAt = Date.now();
    setNow(Date.now());
  };
  return { secondsLeft, restart };
}

function showFailure(err: unknown) {
  notifications.show({ color: 'red', title: TTS_MESSAGES.aiVoiceFailed, message: toApiFailure(err).message ?? TTS_MESSAGES.aiVoiceFailed });
}

interface Options {
  category: TLibraryCategory;
  onMade: () => void;
  onCreated: (item: TMediaItem) => void;
}

/**
 * Making a one-time AI-voice clip: the precheck first (a clip too like a recent one waits; one that may
 * cost asks first), then the clip into the library.
 */
export function useGenerateClip({ category, onMade, onCreated }: Options) {
  const [wait, setWait] = useState<string | null>(null);
  const [confirmCost, setConfirmCost] = useState<string | null>(null);
  const precheck = trpc.speech.ttsPrecheck.useMutation();
  const tts = trpc.speech.tts.useMutation();
  const utils = trpc.useUtils();

  async function create(text: string, voiceId: string, name: string, confirmCharge: boolean) {
    try {
      const item = await tts.mutateAsync({
        text,
        voice_id: voiceId,
        category,
        friendly_name: name.trim() || null,
        speaking_rate: 1,
        confirm_charge: confirmCharge,
      });
      if (!item.filename) {
        notifications.show({ color: 'red', title: TTS_MESSAGES.aiVoiceFailed, message: TTS_MESSAGES.noFileReturned });
        return;
      }
      onMade();
      await utils.media.library.invalidate();
      notifications.show({ color: 'green', title: TTS_MESSAGES.aiVoiceReady, message: item.friendly_name });
      onCreated(item);
    } catch (err) {
      showFailure(err);
    }
  }

  async function generate(text: string, voiceId: string, name: string) {
    setWait(null);
    try {
      const check = await precheck.mutateAsync({ text, speaking_rate: 1, category });
      if (check.spam_block) return setWait(check.message ?? TTS_MESSAGES.similarClip);
      if (check.warn_may_cost) return setConfirmCost(check.message ?? TTS_MESSAGES.mayCost);
    } catch (err) {
      showFailure(err);
      return;
    }
    await create(text, voiceId, name, false);
  }

  return { wait, confirmCost, setConfirmCost, busy: precheck.isPending || tts.isPending, generate, create };
}
