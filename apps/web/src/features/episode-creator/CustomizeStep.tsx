import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, missingScripts, scriptOf, type TTemplateView, type TVoice } from '@ppp/contracts';
import { VoicePicker } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { useVoiceSource } from '../templates/use-voices.ts';
import { SegmentCard } from './SegmentCard.tsx';

export interface CustomizeStepProps {
  template: TTemplateView;
  contentName: string;
  ttsValues: Record<string, string>;
  voices: Record<string, { voice_id: string; name: string }>;
  onScript(segmentId: string, text: string): void;
  onVoice(segmentId: string, voice: TVoice): void;
  onBack(): void;
  onContinue(): void;
}

const TIPS = [
  'Intro and outro scripts are read by the AI voice shown on each card; keep them short and easy to say.',
  'Change voice applies to this episode only.',
  'The content segment is your recording, with any retakes you chose cut and Intern answers added.',
  'Static segments play the clip chosen in the template; change them in the Template Editor.',
];

/** Step 3 'Customize Your Episode': the template's segments in order, scripts required for every AI voice segment. */
export function CustomizeStep(props: CustomizeStepProps) {
  const library = trpc.media.library.useQuery();
  const { loadVoices, previewSource } = useVoiceSource();
  const [tipsOpen, setTipsOpen] = useState(false);
  const [picking, setPicking] = useState<string | null>(null);
  const refs = useRef<Record<string, HTMLTextAreaElement | null>>({});
  const segments = props.template.segments;
  const missing = missingScripts(segments, props.ttsValues);
  const firstMissing = missing[0] ?? null;

  // On arriving, the first missing script is scrolled to and focused.
  useEffect(() => {
    if (!firstMissing) return;
    const field = refs.current[firstMissing];
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function clipName(filename: string): string | null {
    const item = (library.data ?? []).find((m) => m.filename === filename || m.id === filename);
    return item ? item.friendly_name : null;
  }

  function voiceName(
    segmentId: string,
    source: { voice_name?: string | null; voice_label?: string | null; voice_id?: string | null },
  ): string {
    return props.voices[segmentId]?.name ?? source.voice_name ?? source.voice_label ?? source.voice_id ?? 'Default voice';
  }

  const continueClick = () => {
    if (firstMissing) {
      const field = refs.current[firstMissing];
      field?.scrollIntoView({ block: 'center' });
      field?.focus();
      return;
    }
    props.onContinue();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{EPISODE_CREATOR_SHELL.stepTitles[2]}</Title>
        <Button variant="subtle" leftSection={<IconBulb size={16} />} onClick={() => setTipsOpen(true)}>
          {EPISODE_CREATOR_SHELL.segmentTips}
        </Button>
      </Group>
      {missing.length > 0 && (
        <Alert color="yellow" role="alert" data-testid="scripts-banner">
          {EPISODE_CREATOR_MESSAGES.scriptsBanner}
        </Alert>
      )}
      {library.isPending && <Loader size="xs" aria-label="Loading clips" />}
      {segments.map((segment) => (
        <SegmentCard
          key={segment.id}
          ref={(el) => {
            refs.current[segment.id] = el;
          }}
          segment={segment}
          contentName={props.contentName}
          clipName={segment.source.source_type === 'static' ? clipName(segment.source.media_id ?? segment.source.filename) : null}
          script={scriptOf(segment, props.ttsValues)}
          voiceName={segment.source.source_type === 'tts' ? voiceName(segment.id, segment.source) : ''}
          missing={missing.includes(segment.id)}
          onScript={(text) => props.onScript(segment.id, text)}
          onChangeVoice={() => setPicking(segment.id)}
        />
      ))}
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          Back
        </Button>
        <Group gap="xs">
          {missing.length > 0 && (
            <Text size="sm" c="dimmed">
              {EPISODE_CREATOR_MESSAGES.scriptsHint}
            </Text>
          )}
          <Button onClick={continueClick} disabled={missing.length > 0}>
            Continue
          </Button>
        </Group>
      </Group>
      <Modal opened={tipsOpen} onClose={() => setTipsOpen(false)} title={EPISODE_CREATOR_SHELL.segmentTips} centered>
        <List spacing="xs" size="sm">
          {TIPS.map((tip) => (
            <List.Item key={tip}>{tip}</List.Item>
          ))}
        </List>
      </Modal>
      <VoicePicker
        opened={picking !== null}
        onClose={() => setPicking(null)}
        selectedVoiceId={picking ? props.voices[picking]?.voice_id : null}
        loadVoices={loadVoices}
        previewSource={previewSource}
        onSelect={(voice) => {
          if (picking) props.onVoice(picking, voice);
          setPicking(null);
        }}
      />
    </Stack>
  );
}
