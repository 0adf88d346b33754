import { useState } from 'react';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import {
  TEMPLATE,
  TEMPLATE_MESSAGES,
  canAddSegment,
  insertSegment,
  moveSegment,
  removeSegment,
  type TLibraryCategory,
  type TMediaItem,
  type TSegment,
  type TSegmentSource,
  type TSegmentType,
  type TVoice,
} from '@ppp/contracts';
import { VoicePicker } from '@ppp/ui';
import { newSegment } from './editor-state.ts';
import { SegmentCard } from './SegmentCard.tsx';
import { GenerateVoiceDialog } from './GenerateVoiceDialog.tsx';
import { ReconnectFileDialog } from './ReconnectFileDialog.tsx';
import { useVoiceSource } from './use-voices.ts';

interface Props {
  segments: TSegment[];
  library: readonly TMediaItem[];
  libraryLoaded: boolean;
  problems: Record<string, string>;
  onChange: (segments: TSegment[]) => void;
}

type Dialog = { kind: 'voice' | 'generate' | 'reconnect'; segmentId: string } | null;

/** Episode Structure: add Intro, Content, Outro (Commercial 'Coming soon'), order by drag with the spec's rules. */
export function StructureSection({ segments, library, libraryLoaded, problems, onChange }: Props) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const clipsFor = (type: TSegmentType) => library.filter((item) => item.category === type);

  function move(from: number, to: number) {
    const moved = moveSegment(segments, from, to);
    if (!moved) {
      notifications.show({ color: 'orange', title: 'Move not allowed', message: TEMPLATE_MESSAGES.moveRejected });
      return;
    }
    onChange(moved);
  }
  const dragOf = useSegmentDrag(move);
  const setSource = (id: string, source: TSegmentSource) =>
    onChange(segments.map((segment) => (segment.id === id ? { ...segment, source } : segment)));

  return (
    <Stack gap="sm">
      <AddSegmentButtons segments={segments} onChange={onChange} />
      <Text size="xs" c="dimmed">
        Drag segments to reorder. Intros stay before the content and outros after it.
      </Text>
      <Stack gap="xs" aria-label="Segments">
        {segments.map((segment, index) => (
          <SegmentCard
            key={segment.id}
            segment={segment}
            index={index}
            count={segments.length}
            clips={clipsFor(segment.segment_type)}
            libraryLoaded={libraryLoaded}
            problem={problems[segment.id]}
            onChange={(source) => setSource(segment.id, source)}
            onMove={(to) => move(index, to)}
            onRemove={() => onChange(removeSegment(segments, index))}
            onChooseVoice={() => setDialog({ kind: 'voice', segmentId: segment.id })}
            onGenerate={() => setDialog({ kind: 'generate', segmentId: segment.id })}
            onReconnect={() => setDialog({ kind: 'reconnect', segmentId: segment.id })}
            drag={dragOf(index)}
          />
        ))}
      </Stack>
      <SegmentDialogs dialog={dialog} segments={segments} clipsFor={clipsFor} onSource={setSource} onClose={() => setDialog(null)} />
    </Stack>
  );
}

/** Drag and drop between segment cards: which card is dragged, which one it is over, and the move on drop. */
function useSegmentDrag(move: (from: number, to: number) => void) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const end = () => {
    setDragFrom(null);
    setDragOver(null);
  };
  return (index: number) => ({
    over: dragOver === index && dragFrom !== null && dragFrom !== index,
    onDragStart: () => setDragFrom(index),
    onDragEnd: end,
    onDrop: () => {
      if (dragFrom !== null && dragFrom !== index) move(dragFrom, index);
      end();
    },
  });
}

/** Add an Intro, the Content (once) or an Outro; Commercial is not offered yet. */
function AddSegmentButtons({ segments, onChange }: Pick<Props, 'segments' | 'onChange'>) {
  const add = (type: TSegmentType) => onChange(insertSegment(segments, newSegment(type)));
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => add('intro')}>
        Intro
      </Button>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => add('content')}
        disabled={!canAddSegment(segments, 'content')}
      >
        Content
      </Button>
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => add('outro')}>
        Outro
      </Button>
      <Tooltip label={TEMPLATE.commercialDisabledLabel}>
        <Button size="xs" variant="default" disabled>
          Commercial · {TEMPLATE.commercialDisabledLabel}
        </Button>
      </Tooltip>
    </Group>
  );
}

/** The voice last chosen for an AI-voice segment, offered first when generating a clip. */
function lastVoiceOf(segments: readonly TSegment[]) {
  return (
    segments.flatMap((s) =>
      s.source.source_type === 'tts' && s.source.voice_id
        ? [{ voice_id: s.source.voice_id, name: s.source.voice_name ?? s.source.voice_id }]
        : [],
    )[0] ?? null
  );
}

interface DialogsProps {
  dialog: Dialog;
  segments: TSegment[];
  clipsFor: (type: TSegmentType) => TMediaItem[];
  onSource: (id: string, source: TSegmentSource) => void;
  onClose: () => void;
}

/** The dialog a segment opened: choose its voice, generate a clip in an AI voice, or reconnect its missing file. */
function SegmentDialogs({ dialog, segments, clipsFor, onSource, onClose }: DialogsProps) {
  const voices = useVoiceSource();
  const current = dialog ? segments.find((s) => s.id === dialog.segmentId) : undefined;
  const takeClip = (item: TMediaItem) => {
    if (current) onSource(current.id, { source_type: 'static', filename: item.filename, media_id: item.id });
    onClose();
  };
  function chooseVoice(voice: TVoice) {
    if (current?.source.source_type === 'tts')
      onSource(current.id, { ...current.source, voice_id: voice.voice_id, voice_name: voice.common_name, voice_label: voice.name });
    onClose();
  }
  return (
    <>
      <VoicePicker
        opened={dialog?.kind === 'voice'}
        onClose={onClose}
        onSelect={chooseVoice}
        selectedVoiceId={current?.source.source_type === 'tts' ? current.source.voice_id : null}
        loadVoices={voices.loadVoices}
        previewSource={voices.previewSource}
      />
      {dialog?.kind === 'generate' && current && (
        <GenerateVoiceDialog
          opened
          category={current.segment_type as TLibraryCategory}
          initialVoice={lastVoiceOf(segments)}
          onClose={onClose}
          onCreated={takeClip}
        />
      )}
      {dialog?.kind === 'reconnect' && current?.source.source_type === 'static' && (
        <ReconnectFileDialog
          opened
          missingName={current.source.filename}
          clips={clipsFor(current.segment_type)}
          onClose={onClose}
          onReconnect={takeClip}
        />
      )}
    </>
  );
}
