import { useState } from 'react';
import { ActionIcon, Button, Card, Group, MultiSelect, NumberInput, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TEMPLATE, scaleToDb, type TMediaItem } from '@ppp/contracts';
import { newMusicRule, type DraftChange, type MusicRuleDraft, type TemplateDraft } from './editor-state.ts';
import { useSharedMusicChoices } from './shared-music.ts';
import { ReconnectFileDialog } from './ReconnectFileDialog.tsx';
import { MusicUploadButton } from './MusicUploadButton.tsx';
import { LibraryFileRow } from './LibraryFileRow.tsx';

interface Props {
  draft: TemplateDraft;
  library: readonly TMediaItem[];
  libraryLoaded: boolean;
  problems: Record<string, string>;
  onChange: (patch: DraftChange) => void;
}

type SharedMusic = ReturnType<typeof useSharedMusicChoices>;

const SEGMENT_CHOICES = TEMPLATE.segmentTypes.map((type) => ({
  value: type,
  label: type.charAt(0).toUpperCase() + type.slice(1),
  disabled: (TEMPLATE.disabledSegmentTypes as readonly string[]).includes(type),
}));
const MARKS = [1, 4, 10, 11].map((value) => ({ value, label: String(value) }));
const OFFSET_INPUT = { step: TEMPLATE.timeStepS, decimalScale: 1, min: -TEMPLATE.maxAbsOffsetS, max: TEMPLATE.maxAbsOffsetS };
const num = (value: string | number, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Music & Timing Options: background music rules (loudness 1-11 stored as dB) and the content and outro offsets. */
export function MusicSection({ draft, library, libraryLoaded, problems, onChange }: Props) {
  const music = library.filter((item) => item.category === 'music');
  const [reconnect, setReconnect] = useState<MusicRuleDraft | null>(null);
  // Against the form's current rules: an upload or a copy may end after other edits.
  const patchRule = (key: string, patch: Partial<MusicRuleDraft>) =>
    onChange((current) => ({ music: current.music.map((rule) => (rule.key === key ? { ...rule, ...patch } : rule)) }));
  const shared = useSharedMusicChoices(music);

  return (
    <Stack gap="md">
      <SegmentOffsets draft={draft} onChange={onChange} />
      {draft.music.map((rule, index) => (
        <MusicRuleCard
          key={rule.key}
          rule={rule}
          index={index}
          music={music}
          libraryLoaded={libraryLoaded}
          shared={shared}
          problem={problems[rule.key]}
          onPatch={(patch) => patchRule(rule.key, patch)}
          onRemove={() => onChange({ music: draft.music.filter((r) => r.key !== rule.key) })}
          onReconnect={() => setReconnect(rule)}
        />
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange({ music: [...draft.music, newMusicRule()] })}
        disabled={draft.music.length >= TEMPLATE.maxMusicRules}
        w="fit-content"
      >
        Add background music
      </Button>
      {reconnect && (
        <ReconnectFileDialog
          opened
          missingName={reconnect.music_filename}
          clips={music}
          onClose={() => setReconnect(null)}
          onReconnect={(item) => {
            patchRule(reconnect.key, { music_filename: item.filename });
            setReconnect(null);
          }}
        />
      )}
    </Stack>
  );
}

/** Where the content and the outro start, against the end of the segment before them. */
function SegmentOffsets({ draft, onChange }: Pick<Props, 'draft' | 'onChange'>) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <NumberInput
        label="Content start offset (s)"
        description="Negative overlaps the intro."
        {...OFFSET_INPUT}
        value={draft.content_start_offset_s}
        onChange={(v) => onChange({ content_start_offset_s: num(v, 0) })}
      />
      <NumberInput
        label="Outro start offset (s)"
        description="Negative overlaps the content."
        {...OFFSET_INPUT}
        value={draft.outro_start_offset_s}
        onChange={(v) => onChange({ outro_start_offset_s: num(v, 0) })}
      />
    </SimpleGrid>
  );
}

interface RuleCardProps {
  rule: MusicRuleDraft;
  index: number;
  music: readonly TMediaItem[];
  libraryLoaded: boolean;
  shared: SharedMusic;
  problem: string | undefined;
  onPatch: (patch: Partial<MusicRuleDraft>) => void;
  onRemove: () => void;
  onReconnect: () => void;
}

/** One background music rule: its file (from the library, the shared beds or uploaded here), segments, offsets, fades and loudness. */
function MusicRuleCard({ rule, index, music, libraryLoaded, shared, problem, onPatch, onRemove, onReconnect }: RuleCardProps) {
  return (
    <Card withBorder padding="sm" aria-label={`Music rule ${index + 1}`} data-testid="music-rule">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Background music {index + 1}
        </Text>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove music rule ${index + 1}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        <LibraryFileRow
          label="Music file"
          placeholder={
            music.length || shared.choices.length ? 'Choose from your media or the shared library' : 'No music in your library yet'
          }
          data={[
            { group: 'Your media', items: music.map((m) => ({ value: m.filename, label: m.friendly_name })) },
            { group: 'Shared music library', items: shared.choices },
          ]}
          filename={rule.music_filename}
          library={music}
          libraryLoaded={libraryLoaded}
          onChoose={(value) => {
            if (!shared.isShared(value)) return onPatch({ music_filename: value ?? '' });
            void shared.copy(value).then((filename) => filename && onPatch({ music_filename: filename }));
          }}
          disabled={shared.copying}
          error={problem ?? shared.error}
          action={
            <MusicUploadButton
              label={`Upload music for background music ${index + 1}`}
              onUploaded={(item) => onPatch({ music_filename: item.filename })}
            />
          }
          onReconnect={onReconnect}
        />
        <MultiSelect
          label="Plays under"
          data={SEGMENT_CHOICES}
          value={rule.apply_to_segments}
          onChange={(value) => onPatch({ apply_to_segments: value as MusicRuleDraft['apply_to_segments'] })}
        />
        <MusicRuleTiming rule={rule} onPatch={onPatch} />
        <LoudnessSlider rule={rule} onPatch={onPatch} />
      </Stack>
    </Card>
  );
}

type RulePartProps = Pick<RuleCardProps, 'rule' | 'onPatch'>;

/** A rule's start and end offsets and its fades, in seconds. */
function MusicRuleTiming({ rule, onPatch }: RulePartProps) {
  const fade = { step: TEMPLATE.timeStepS, decimalScale: 1, min: 0, max: TEMPLATE.maxFadeS };
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <NumberInput
        label="Start offset (s)"
        {...OFFSET_INPUT}
        value={rule.start_offset_s}
        onChange={(v) => onPatch({ start_offset_s: num(v, 0) })}
      />
      <NumberInput
        label="End offset (s)"
        {...OFFSET_INPUT}
        value={rule.end_offset_s}
        onChange={(v) => onPatch({ end_offset_s: num(v, 0) })}
      />
      <NumberInput
        label="Fade in (s)"
        {...fade}
        value={rule.fade_in_s}
        onChange={(v) => onPatch({ fade_in_s: num(v, TEMPLATE.defaultFadeInS) })}
      />
      <NumberInput
        label="Fade out (s)"
        {...fade}
        value={rule.fade_out_s}
        onChange={(v) => onPatch({ fade_out_s: num(v, TEMPLATE.defaultFadeOutS) })}
      />
    </SimpleGrid>
  );
}

/** Loudness on the 1-11 scale, with the dB it is stored as. */
function LoudnessSlider({ rule, onPatch }: RulePartProps) {
  return (
    <div>
      <Group justify="space-between">
        <Text size="sm" fw={500} id={`loudness-${rule.key}`}>
          Loudness
        </Text>
        <Text size="xs" c="dimmed" data-testid="loudness-value">
          {rule.loudness.toFixed(1)} ({scaleToDb(rule.loudness).toFixed(1)} dB)
        </Text>
      </Group>
      <Slider
        min={TEMPLATE.loudnessMin}
        max={TEMPLATE.loudnessMax}
        step={TEMPLATE.loudnessStep}
        marks={MARKS}
        value={rule.loudness}
        onChange={(value) => onPatch({ loudness: Math.round(value * 10) / 10 })}
        thumbLabel="Loudness"
        aria-labelledby={`loudness-${rule.key}`}
        mb="md"
      />
    </div>
  );
}
