import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TTS, TTS_MESSAGES, VOICES, type TLibraryCategory, type TMediaItem, type TVoice } from '@ppp/contracts';
import { VoicePicker } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useVoiceSource } from './use-voices.ts';

interface Props {
  opened: boolean;
  category: TLibraryCategory;
  initialVoice: { voice_id: string; name: string } | null;
  onClose: () => void;
  onCreated: (item: TMediaItem) => void;
}

/** When the last clip was made, across dialogs, so reopening does not skip the rest. */
let lastCreatedAt = 0;

/** 'Generate with AI voice': a one-time clip into the library; Generate rests 30 s after a clip is made. */
export function GenerateVoiceDialog({ opened, category, initialVoice, onClose, onCreated }: Props) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [voice, setVoice] = useState(initialVoice);
  const [picking, setPicking] = useState(false);
  const [wait, setWait] = useState<string | null>(null);
  const [confirmCost, setConfirmCost] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const precheck = trpc.speech.ttsPrecheck.useMutation();
  const tts = trpc.speech.tts.useMutation();
  const utils = trpc.useUtils();
  const voices = useVoiceSource();
  const cooldownLeft = Math.max(0, Math.ceil((lastCreatedAt + VOICES.generateCooldownMs - now) / 1000));

  useEffect(() => {
    if (!opened || cooldownLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [opened, cooldownLeft]);

  async function create(confirmCharge: boolean) {
    if (!text.trim() || !voice) return;
    try {
      const item = await tts.mutateAsync({
        text,
        voice_id: voice.voice_id,
        category,
        friendly_name: name.trim() || null,
        speaking_rate: 1,
        confirm_charge: confirmCharge,
      });
      if (!item.filename) {
        notifications.show({ color: 'red', title: TTS_MESSAGES.aiVoiceFailed, message: TTS_MESSAGES.noFileReturned });
        return;
      }
      lastCreatedAt = Date.now();
      setNow(Date.now());
      await utils.media.library.invalidate();
      notifications.show({ color: 'green', title: TTS_MESSAGES.aiVoiceReady, message: item.friendly_name });
      onCreated(item);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: TTS_MESSAGES.aiVoiceFailed,
        message: toApiFailure(err).message ?? TTS_MESSAGES.aiVoiceFailed,
      });
    }
  }

  async function generate() {
    setWait(null);
    try {
      const check = await precheck.mutateAsync({ text, speaking_rate: 1, category });
      if (check.spam_block) return setWait(check.message ?? TTS_MESSAGES.similarClip);
      if (check.warn_may_cost) return setConfirmCost(check.message ?? TTS_MESSAGES.mayCost);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: TTS_MESSAGES.aiVoiceFailed,
        message: toApiFailure(err).message ?? TTS_MESSAGES.aiVoiceFailed,
      });
      return;
    }
    await create(false);
  }

  const missing = !text.trim() || !voice;
  return (
    <>
      <Modal opened={opened && !picking} onClose={onClose} title={TTS_MESSAGES.generateTitle}>
        <Stack gap="sm">
          <Textarea
            label="Script"
            required
            autosize
            minRows={3}
            maxLength={TTS.maxScriptChars}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              Voice: <b>{voice?.name ?? 'none chosen'}</b>
            </Text>
            <Button variant="light" size="xs" onClick={() => setPicking(true)} style={{ flexShrink: 0 }}>
              {voice ? 'Change voice' : 'Choose voice'}
            </Button>
          </Group>
          <TextInput
            label="Name in your library"
            placeholder="Optional"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
          />
          {missing && (
            <Text size="xs" c="dimmed">
              {TTS_MESSAGES.scriptAndVoiceRequired}
            </Text>
          )}
          {wait && (
            <Alert color="yellow" title={TTS_MESSAGES.pleaseWait}>
              {wait}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void generate()} loading={precheck.isPending || tts.isPending} disabled={missing || cooldownLeft > 0}>
              {cooldownLeft > 0 ? `Generate (${cooldownLeft} s)` : 'Generate'}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={confirmCost !== null} onClose={() => setConfirmCost(null)} title="Continue?" size="sm">
        <Stack>
          <Text size="sm">{confirmCost}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCost(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setConfirmCost(null);
                void create(true);
              }}
            >
              Continue
            </Button>
          </Group>
        </Stack>
      </Modal>
      <VoicePicker
        opened={opened && picking}
        onClose={() => setPicking(false)}
        selectedVoiceId={voice?.voice_id}
        loadVoices={voices.loadVoices}
        previewSource={voices.previewSource}
        onSelect={(chosen: TVoice) => {
          setVoice({ voice_id: chosen.voice_id, name: chosen.common_name });
          setPicking(false);
        }}
      />
    </>
  );
}
