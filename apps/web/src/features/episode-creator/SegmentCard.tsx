import { forwardRef, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMicrophone2, IconMusic, IconVolume } from '@tabler/icons-react';
import { EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, type TSegment } from '@ppp/contracts';

export interface SegmentCardProps {
  segment: TSegment;
  /** The chosen audio's name, for the content segment. */
  contentName: string;
  /** The static clip's friendly name. */
  clipName: string | null;
  script: string;
  voiceName: string;
  missing: boolean;
  onScript(text: string): void;
  onChangeVoice(): void;
  /** False when the script is written elsewhere (the /ab AI prompt): the voice stays choosable, the script box goes. */
  scriptEditable?: boolean;
  /** Controls of the workspace showing the card (the /ab source, file and saved-section choices), above its source. */
  children?: ReactNode;
}

const TYPE_LABELS: Record<TSegment['segment_type'], string> = {
  intro: 'Intro',
  content: 'Content',
  outro: 'Outro',
  commercial: 'Commercial',
};

interface VoiceSourceProps extends Pick<
  SegmentCardProps,
  'voiceName' | 'script' | 'missing' | 'onScript' | 'onChangeVoice' | 'scriptEditable'
> {
  title: string;
}

/** An AI voice segment: its voice with Change voice, and the script it reads. */
const VoiceSource = forwardRef<HTMLTextAreaElement, VoiceSourceProps>(function VoiceSource(props, scriptRef) {
  const { title } = props;
  return (
    <Stack gap={6}>
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <IconVolume size={16} aria-hidden="true" />
          <Text size="sm">
            AI voice: <b data-testid="voice-name">{props.voiceName}</b>
          </Text>
        </Group>
        <Button size="xs" variant="light" onClick={props.onChangeVoice} aria-label={`${EPISODE_CREATOR_SHELL.changeVoice} for ${title}`}>
          {EPISODE_CREATOR_SHELL.changeVoice}
        </Button>
      </Group>
      {props.scriptEditable !== false && (
        <Textarea
          ref={scriptRef}
          label={`Script for ${title}`}
          autosize
          minRows={3}
          value={props.script}
          onChange={(e) => props.onScript(e.currentTarget.value)}
          error={props.missing ? EPISODE_CREATOR_MESSAGES.scriptRequired : undefined}
          required
        />
      )}
    </Stack>
  );
});

/** A line naming the audio a segment plays. */
function SourceLine({ icon, label, name }: { icon: ReactNode; label: string; name: string }) {
  return (
    <Group gap="xs">
      {icon}
      <Text size="sm">
        {label}: <b>{name}</b>
      </Text>
    </Group>
  );
}

/** One template segment on step 3: the content's audio, a static clip, or an AI voice with its script. */
export const SegmentCard = forwardRef<HTMLTextAreaElement, SegmentCardProps>(function SegmentCard(props, scriptRef) {
  const { segment } = props;
  const title = segment.name?.trim() || TYPE_LABELS[segment.segment_type];
  const source = segment.source as { source_type: string };
  return (
    <Card withBorder padding="md" data-testid="segment-card">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{TYPE_LABELS[segment.segment_type]}</Badge>
          <Text fw={700}>{title}</Text>
        </Group>
        {props.children}
        {segment.segment_type === 'content' ? (
          <SourceLine icon={<IconMicrophone2 size={16} aria-hidden="true" />} label="Your audio" name={props.contentName} />
        ) : segment.source.source_type === 'static' ? (
          <SourceLine icon={<IconMusic size={16} aria-hidden="true" />} label="Clip" name={props.clipName ?? segment.source.filename} />
        ) : segment.source.source_type === 'tts' ? (
          <VoiceSource ref={scriptRef} {...props} title={title} />
        ) : (
          <Text size="sm" c="red" role="alert">
            {EPISODE_CREATOR_MESSAGES.unknownSource} ({source.source_type})
          </Text>
        )}
      </Stack>
    </Card>
  );
});
