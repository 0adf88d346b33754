import { ActionIcon, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconLock, IconTrash, IconWand } from '@tabler/icons-react';
import { TEMPLATE, isLockedSegment, type TMediaItem, type TSegment, type TSegmentSource } from '@ppp/contracts';
import { LibraryFileRow } from './LibraryFileRow.tsx';

export interface SegmentCardProps {
  segment: TSegment;
  index: number;
  count: number;
  clips: readonly TMediaItem[];
  libraryLoaded: boolean;
  problem: string | undefined;
  onChange: (source: TSegmentSource) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onChooseVoice: () => void;
  onGenerate: () => void;
  onReconnect: () => void;
  drag: { onDragStart: () => void; onDragEnd: () => void; onDrop: () => void; over: boolean };
}

const TYPE_COLORS = { intro: 'blue', content: 'grape', outro: 'teal', commercial: 'gray' } as const;

const labelOf = (segment: TSegment) => segment.segment_type.charAt(0).toUpperCase() + segment.segment_type.slice(1);

/** One segment of the Episode Structure: a library clip or an AI-voice script; the content is locked. */
export function SegmentCard(props: SegmentCardProps) {
  const { segment, drag } = props;
  const locked = isLockedSegment(segment);
  return (
    <Card
      withBorder
      padding="sm"
      data-testid={`segment-${segment.segment_type}`}
      aria-label={`${labelOf(segment)} segment`}
      draggable={!locked}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        drag.onDragStart();
      }}
      onDragEnd={drag.onDragEnd}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        drag.onDrop();
      }}
      style={{ outline: drag.over ? '2px dashed var(--mantine-color-blue-5)' : undefined, cursor: locked ? 'default' : 'grab' }}
    >
      <SegmentHeader {...props} locked={locked} />
      {locked ? (
        <Text size="sm" c="dimmed" mt={4}>
          The episode’s main audio goes here. It stays in every template and cannot be moved or removed.
        </Text>
      ) : (
        <SegmentSource {...props} />
      )}
    </Card>
  );
}

/** The segment's type and source badges, and (unless locked) its move and remove buttons. */
function SegmentHeader({ segment, index, count, onMove, onRemove, locked }: SegmentCardProps & { locked: boolean }) {
  const label = labelOf(segment);
  return (
    <Group justify="space-between" wrap="nowrap" mb={locked ? 0 : 'xs'}>
      <Group gap="xs" wrap="nowrap">
        {locked ? <IconLock size={16} aria-label="Locked" /> : <IconGripVertical size={16} aria-hidden="true" />}
        <Badge color={TYPE_COLORS[segment.segment_type]} variant="light">
          {label}
        </Badge>
        {segment.source.source_type === 'tts' && (
          <Badge variant="outline" size="sm">
            AI voice
          </Badge>
        )}
      </Group>
      {!locked && (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove">
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}

/** Where a movable segment's audio comes from: a clip of the library or a script in an AI voice. */
function SegmentSource({ segment, clips, libraryLoaded, problem, onChange, onChooseVoice, onGenerate, onReconnect }: SegmentCardProps) {
  const { source } = segment;
  const label = labelOf(segment);
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={source.source_type}
        aria-label={`${label} source`}
        data={[
          { value: 'static', label: 'Audio file' },
          { value: 'tts', label: 'AI voice' },
        ]}
        onChange={(value) =>
          onChange(
            value === 'tts'
              ? { source_type: 'tts', text_prompt: '', voice_id: null, voice_name: null, voice_label: null, prompt_id: null }
              : { source_type: 'static', filename: '' },
          )
        }
      />
      {source.source_type === 'static' ? (
        <LibraryFileRow
          label={`${label} clip`}
          placeholder={clips.length ? 'Choose from your media library' : `No ${segment.segment_type} clips yet`}
          data={clips.map((clip) => ({ value: clip.filename, label: clip.friendly_name }))}
          filename={source.filename}
          library={clips}
          libraryLoaded={libraryLoaded}
          onChoose={(value) => onChange({ source_type: 'static', filename: value ?? '' })}
          error={problem}
          action={
            <Button variant="light" leftSection={<IconWand size={14} />} onClick={onGenerate}>
              Generate with AI voice
            </Button>
          }
          onReconnect={onReconnect}
        />
      ) : (
        <VoiceScript source={source} onChange={onChange} onChooseVoice={onChooseVoice} />
      )}
    </Stack>
  );
}

type TtsSource = Extract<TSegmentSource, { source_type: 'tts' }>;

/** An AI-voice segment's script and the voice that speaks it. */
function VoiceScript({ source, onChange, onChooseVoice }: { source: TtsSource } & Pick<SegmentCardProps, 'onChange' | 'onChooseVoice'>) {
  return (
    <>
      <Textarea
        label="Script"
        description="Spoken in the chosen voice. Leave it empty to write it for each episode."
        autosize
        minRows={2}
        maxLength={TEMPLATE.maxScriptLength}
        value={source.text_prompt}
        onChange={(e) => onChange({ ...source, text_prompt: e.currentTarget.value })}
      />
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" truncate="end">
          Voice: <b>{source.voice_name ?? source.voice_id ?? 'none chosen'}</b>
        </Text>
        <Button size="xs" variant="light" onClick={onChooseVoice} style={{ flexShrink: 0 }}>
          {source.voice_id ? 'Change voice' : 'Choose voice'}
        </Button>
      </Group>
    </>
  );
}
