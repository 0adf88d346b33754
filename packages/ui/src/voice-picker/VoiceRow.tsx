import { ActionIcon, Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import type { TSpeechProvider, TVoice } from '@ppp/contracts';

/** How each speech engine is named on screen. */
export const SPEECH_PROVIDER_LABELS: Record<TSpeechProvider, string> = {
  espeak: 'eSpeak NG',
  festival: 'Festival',
  flite: 'Flite',
  elevenlabs: 'ElevenLabs',
  google: 'Google',
  openai: 'OpenAI',
};

/** The labels worth showing beside a voice: gender, accent, age, style. */
export function voiceLabels(voice: TVoice): string[] {
  return ['gender', 'accent', 'age', 'style'].flatMap((key) => (voice.labels[key] ? [voice.labels[key]] : []));
}

export interface VoiceRowProps {
  voice: TVoice;
  selected: boolean;
  playing: boolean;
  previewing: boolean;
  onPreview: (voice: TVoice) => void;
  onSelect: (voice: TVoice) => void;
}

/** One voice in the picker's list: a preview button, its name and labels (a press chooses it), a check when chosen. */
export function VoiceRow({ voice, selected, playing, previewing, onPreview, onSelect }: VoiceRowProps) {
  return (
    <Group
      role="listitem"
      wrap="nowrap"
      gap="xs"
      p={6}
      style={{ borderRadius: 8, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
    >
      <Tooltip label={playing ? 'Stop preview' : 'Preview'}>
        <ActionIcon
          variant="light"
          aria-label={`${playing ? 'Stop preview of' : 'Preview'} ${voice.common_name}`}
          loading={previewing}
          onClick={() => onPreview(voice)}
        >
          {playing ? <IconPlayerStopFilled size={14} /> : <IconPlayerPlayFilled size={14} />}
        </ActionIcon>
      </Tooltip>
      <UnstyledButton style={{ flex: 1, minWidth: 0 }} onClick={() => onSelect(voice)} aria-label={`Choose ${voice.common_name}`}>
        <Text size="sm" fw={600} truncate="end">
          {voice.common_name}
        </Text>
        <Group gap={4} wrap="wrap">
          <Badge size="xs" variant="outline">
            {SPEECH_PROVIDER_LABELS[voice.provider]}
          </Badge>
          {voiceLabels(voice).map((label) => (
            <Badge key={label} size="xs" variant="light" color="gray">
              {label}
            </Badge>
          ))}
        </Group>
      </UnstyledButton>
      {selected && <IconCheck size={18} color="var(--mantine-color-blue-6)" aria-label="Selected" />}
    </Group>
  );
}
