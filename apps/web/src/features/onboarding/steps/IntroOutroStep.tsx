import { useEffect } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconMusic, IconUpload } from '@tabler/icons-react';
import { ONBOARDING, ONBOARDING_MESSAGES, type TVoice } from '@ppp/contracts';
import { defaultIntroScript, defaultOutroScript } from '../template-plan.ts';
import { useOnboardingVoices } from '../use-onboarding-voices.ts';
import type { SegmentDraft, TSegmentKind } from '../wizard.ts';
import type { StepProps } from './step-props.ts';

interface IntroOutroProps extends StepProps {
  files: Partial<Record<TSegmentKind, File>>;
  onFile: (kind: TSegmentKind, file: File | null) => void;
}

function voiceLabel(voice: TVoice): string {
  return voice.common_name || voice.name;
}

type TVoices = ReturnType<typeof useOnboardingVoices>;

function ReadySegment({ kind, mediaName, onRemake }: { kind: TSegmentKind; mediaName: string; onRemake: () => void }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        <IconMusic size={14} aria-hidden="true" /> {mediaName}
      </Text>
      <Button variant="default" size="xs" onClick={onRemake} w="fit-content">
        Make a new {kind}
      </Button>
    </Stack>
  );
}

function VoiceSelect({
  title,
  draft,
  voices,
  onChange,
}: {
  title: string;
  draft: SegmentDraft;
  voices: TVoices;
  onChange: (draft: SegmentDraft) => void;
}) {
  const options = voices.voices.map((v) => ({ value: v.voice_id, label: voiceLabel(v) }));
  return (
    <Stack gap={4}>
      <Select
        label={`${title} voice`}
        data={options}
        value={draft.voiceId}
        onChange={(value) => onChange({ ...draft, voiceId: value, voiceName: options.find((o) => o.value === value)?.label ?? null })}
        searchable
        allowDeselect={false}
        placeholder={voices.loading ? 'Loading voices…' : 'Choose a voice'}
      />
      {voices.hasMore ? (
        <Button variant="subtle" size="compact-sm" onClick={() => void voices.loadMore()} loading={voices.loading} w="fit-content">
          More voices
        </Button>
      ) : null}
    </Stack>
  );
}

interface SegmentCardProps {
  kind: TSegmentKind;
  draft: SegmentDraft;
  mediaName: string | null;
  voices: TVoices;
  file: File | undefined;
  error: string | null;
  onChange: (draft: SegmentDraft) => void;
  onFile: (file: File | null) => void;
  onRemake: () => void;
}

/** A segment still to make: an AI voice reading the script, or an uploaded file. */
function SegmentSource({ kind, draft, voices, file, error, onChange, onFile }: Omit<SegmentCardProps, 'mediaName' | 'onRemake'>) {
  const title = kind === 'intro' ? 'Intro' : 'Outro';
  return (
    <>
      <SegmentedControl
        aria-label={`${title} source`}
        value={draft.mode}
        onChange={(mode) => onChange({ ...draft, mode: mode as SegmentDraft['mode'] })}
        data={[
          { value: 'tts', label: 'AI voice' },
          { value: 'upload', label: 'Upload a file' },
        ]}
      />
      {draft.mode === 'tts' ? (
        <>
          <Textarea
            label={`${title} script`}
            autosize
            minRows={3}
            value={draft.script}
            onChange={(e) => onChange({ ...draft, script: e.currentTarget.value })}
            error={error === ONBOARDING_MESSAGES.scriptRequired(kind) ? error : null}
          />
          {voices.unavailable ? null : <VoiceSelect title={title} draft={draft} voices={voices} onChange={onChange} />}
        </>
      ) : (
        <FileInput
          label={`${title} audio file`}
          placeholder="Choose an audio file"
          accept="audio/*"
          clearable
          leftSection={<IconUpload size={16} />}
          value={file ?? null}
          onChange={onFile}
          error={error === ONBOARDING_MESSAGES.fileRequired(kind) ? error : null}
        />
      )}
    </>
  );
}

function SegmentCard({ mediaName, onRemake, ...source }: SegmentCardProps) {
  const title = source.kind === 'intro' ? 'Intro' : 'Outro';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          {mediaName ? (
            <Badge color="green" variant="light">
              Ready
            </Badge>
          ) : null}
        </Group>
        {mediaName ? <ReadySegment kind={source.kind} mediaName={mediaName} onRemake={onRemake} /> : <SegmentSource {...source} />}
      </Stack>
    </Card>
  );
}

/** Intro and outro: an AI voice reading a script (default scripts provided) or an uploaded file. */
export function IntroOutroStep({ state, update, error, files, onFile }: IntroOutroProps) {
  const voices = useOnboardingVoices();
  // The first voice listed: the list starts with the browser's language and region (American English first for en-US).
  const firstVoice = voices.voices[0] ?? null;

  // Default scripts for a segment without one, once on arrival (the user may then clear and rewrite them).
  useEffect(() => {
    update({
      intro: { ...state.intro, script: state.intro.script || defaultIntroScript(state) },
      outro: { ...state.outro, script: state.outro.script || defaultOutroScript(state) },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The first voice of the list for a segment without one; the default voice when the list failed.
  const fallbackId = voices.unavailable ? ONBOARDING.defaultVoiceId : (firstVoice?.voice_id ?? null);
  const fallbackName = voices.unavailable || !firstVoice ? null : voiceLabel(firstVoice);
  useEffect(() => {
    if (!fallbackId) return;
    const patch: Partial<typeof state> = {};
    if (!state.intro.voiceId) patch.intro = { ...state.intro, voiceId: fallbackId, voiceName: fallbackName };
    if (!state.outro.voiceId) patch.outro = { ...state.outro, voiceId: fallbackId, voiceName: fallbackName };
    if (patch.intro || patch.outro) update(patch);
  }, [fallbackId, fallbackName, state.intro, state.outro, update]);

  return (
    <Stack>
      {voices.unavailable ? (
        <Alert color="yellow" role="status">
          {ONBOARDING_MESSAGES.voicesUnavailable}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(['intro', 'outro'] as const).map((kind) => (
          <SegmentCard
            key={kind}
            kind={kind}
            draft={state[kind]}
            mediaName={state[`${kind}Media`]?.display_name ?? null}
            voices={voices}
            file={files[kind]}
            error={error}
            onChange={(draft) => update(kind === 'intro' ? { intro: draft } : { outro: draft })}
            onFile={(file) => onFile(kind, file)}
            onRemake={() => update(kind === 'intro' ? { introMedia: null } : { outroMedia: null })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
