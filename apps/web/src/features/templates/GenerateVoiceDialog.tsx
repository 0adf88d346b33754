import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { TTS, TTS_MESSAGES, type TLibraryCategory, type TMediaItem, type TVoice } from '@ppp/contracts';
import { VoicePicker, DialogActions } from '@ppp/ui';
import { useVoiceSource } from './use-voices.ts';
import { useGenerateClip, useGenerateCooldown } from './use-generate-clip.ts';

interface Props {
  opened: boolean;
  category: TLibraryCategory;
  initialVoice: { voice_id: string; name: string } | null;
  onClose: () => void;
  onCreated: (item: TMediaItem) => void;
}

/** 'Generate with AI voice': a one-time clip into the library; Generate rests 30 s after a clip is made. */
export function GenerateVoiceDialog({ opened, category, initialVoice, onClose, onCreated }: Props) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [voice, setVoice] = useState(initialVoice);
  const [picking, setPicking] = useState(false);
  const voices = useVoiceSource();
  const cooldown = useGenerateCooldown(opened);
  const clip = useGenerateClip({ category, onMade: cooldown.restart, onCreated });
  const missing = !text.trim() || !voice;
  const generate = () => {
    if (voice && text.trim()) void clip.generate(text, voice.voice_id, name);
  };

  return (
    <>
      <Modal opened={opened && !picking} onClose={onClose} title={TTS_MESSAGES.generateTitle}>
        <Stack gap="sm">
          <ClipFields text={text} onText={setText} voice={voice} onPickVoice={() => setPicking(true)} name={name} onName={setName} />
          <GenerateNotes missing={missing} wait={clip.wait} />
          <DialogActions onCancel={onClose}>
            <Button onClick={generate} loading={clip.busy} disabled={missing || cooldown.secondsLeft > 0}>
              {cooldown.secondsLeft > 0 ? `Generate (${cooldown.secondsLeft} s)` : 'Generate'}
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
      <ConfirmCostModal
        message={clip.confirmCost}
        onCancel={() => clip.setConfirmCost(null)}
        onContinue={() => {
          clip.setConfirmCost(null);
          if (voice && text.trim()) void clip.create(text, voice.voice_id, name, true);
        }}
      />
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

interface FieldsProps {
  text: string;
  onText: (text: string) => void;
  voice: { name: string } | null;
  onPickVoice: () => void;
  name: string;
  onName: (name: string) => void;
}

/** The clip's script, its voice and its name in the library. */
function ClipFields({ text, onText, voice, onPickVoice, name, onName }: FieldsProps) {
  return (
    <>
      <Textarea
        label="Script"
        required
        autosize
        minRows={3}
        maxLength={TTS.maxScriptChars}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          Voice: <b>{voice?.name ?? 'none chosen'}</b>
        </Text>
        <Button variant="light" size="xs" onClick={onPickVoice} style={{ flexShrink: 0 }}>
          {voice ? 'Change voice' : 'Choose voice'}
        </Button>
      </Group>
      <TextInput
        label="Name in your library"
        placeholder="Optional"
        value={name}
        onChange={(e) => onName(e.currentTarget.value)}
        maxLength={200}
      />
    </>
  );
}

/** Why Generate is off: the script or the voice is missing, or a clip too like a recent one must wait. */
function GenerateNotes({ missing, wait }: { missing: boolean; wait: string | null }) {
  return (
    <>
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
    </>
  );
}

/** 'Continue?' before a clip that may cost. */
function ConfirmCostModal({ message, onCancel, onContinue }: { message: string | null; onCancel: () => void; onContinue: () => void }) {
  return (
    <Modal opened={message !== null} onClose={onCancel} title="Continue?" size="sm">
      <Stack>
        <Text size="sm">{message}</Text>
        <DialogActions onCancel={onCancel}>
          <Button onClick={onContinue}>Continue</Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
