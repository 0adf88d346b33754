import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, scriptOf, type TTemplateView, type TVoice } from '@ppp/contracts';
import { VoicePicker } from '@ppp/ui';
import { useVoiceSource } from '../templates/use-voices.ts';
import { SegmentCard } from './SegmentCard.tsx';
import { useCustomizeStep } from './use-customize-step.ts';

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

/** The step's title with 'Segment tips' and the tips it opens. */
function CustomizeHeading() {
  const [tipsOpen, setTipsOpen] = useState(false);
  return (
    <Group justify="space-between">
      <Title order={2}>{EPISODE_CREATOR_SHELL.stepTitles[2]}</Title>
      <Button variant="subtle" leftSection={<IconBulb size={16} />} onClick={() => setTipsOpen(true)}>
        {EPISODE_CREATOR_SHELL.segmentTips}
      </Button>
      <Modal opened={tipsOpen} onClose={() => setTipsOpen(false)} title={EPISODE_CREATOR_SHELL.segmentTips} centered>
        <List spacing="xs" size="sm">
          {TIPS.map((tip) => (
            <List.Item key={tip}>{tip}</List.Item>
          ))}
        </List>
      </Modal>
    </Group>
  );
}

/** Back, and Continue (disabled, with the hint, while a script is missing). */
function CustomizeNav({ missing, onBack, onContinue }: { missing: boolean; onBack(): void; onContinue(): void }) {
  return (
    <Group justify="space-between">
      <Button variant="default" onClick={onBack}>
        Back
      </Button>
      <Group gap="xs">
        {missing && (
          <Text size="sm" c="dimmed">
            {EPISODE_CREATOR_MESSAGES.scriptsHint}
          </Text>
        )}
        <Button onClick={onContinue} disabled={missing}>
          Continue
        </Button>
      </Group>
    </Group>
  );
}

/** Step 3 'Customize Your Episode': the template's segments in order, scripts required for every AI voice segment. */
export function CustomizeStep(props: CustomizeStepProps) {
  const step = useCustomizeStep(props);
  const { loadVoices, previewSource } = useVoiceSource();
  const [picking, setPicking] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <CustomizeHeading />
      {step.missing.length > 0 && (
        <Alert color="yellow" role="alert" data-testid="scripts-banner">
          {EPISODE_CREATOR_MESSAGES.scriptsBanner}
        </Alert>
      )}
      {step.loadingClips && <Loader size="xs" aria-label="Loading clips" />}
      {props.template.segments.map((segment) => (
        <SegmentCard
          key={segment.id}
          ref={step.bindScript(segment.id)}
          segment={segment}
          contentName={props.contentName}
          {...step.names(segment)}
          script={scriptOf(segment, props.ttsValues)}
          missing={step.missing.includes(segment.id)}
          onScript={(text) => props.onScript(segment.id, text)}
          onChangeVoice={() => setPicking(segment.id)}
        />
      ))}
      <CustomizeNav missing={step.missing.length > 0} onBack={props.onBack} onContinue={step.continueClick} />
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
