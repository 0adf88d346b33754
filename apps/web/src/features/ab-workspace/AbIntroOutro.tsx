import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { AB_MESSAGES, type TAbDraft, type TAbSegmentOverride, type TSegment, type TTemplateView } from '@ppp/contracts';
import { VoicePicker } from '@ppp/ui';
import { SegmentCard } from '../episode-creator/SegmentCard.tsx';
import { useVoiceSource } from '../templates/use-voices.ts';
import { AbSegmentControls, chosenFile, segmentAsPlayed } from './AbSegmentControls.tsx';
import { useAbSections, type AbNotice, type AbSections } from './use-ab-sections.ts';

const isSection = (s: TSegment) => s.segment_type === 'intro' || s.segment_type === 'outro';

/** The template's intro and outro segments, as the draft last saved them or as the template has them. */
function initialSegments(draft: TAbDraft, template: TTemplateView | undefined): TAbSegmentOverride[] {
  if (draft.segment_overrides.length > 0) return draft.segment_overrides;
  return (template?.segments ?? []).filter(isSection).map((s) => ({
    segment_id: s.id,
    section_type: s.segment_type === 'intro' ? 'intro' : 'outro',
    source_type: s.source.source_type === 'static' ? 'static' : 'tts',
    script: s.source.source_type === 'tts' ? s.source.text_prompt : '',
    prompt: '',
    filename: s.source.source_type === 'static' ? s.source.filename : '',
    media_id: s.source.source_type === 'static' ? (s.source.media_id ?? null) : null,
    voice_id: s.source.source_type === 'tts' ? s.source.voice_id : null,
    voice_name: s.source.source_type === 'tts' ? s.source.voice_name : null,
  }));
}

export function IntroOutroStatus({ status }: { status: TAbDraft['introoutro_status'] }) {
  if (status === 'manual') return <Badge color="teal">{AB_MESSAGES.introOutroManual}</Badge>;
  if (status === 'ai') return <Badge color="grape">{AB_MESSAGES.introOutroAi}</Badge>;
  return <Badge color="gray">Not finished</Badge>;
}

/**
 * Step 3 (spec 002 §2.11, §5): the template's segments in the Episode Creator's segment cards, each
 * intro and outro with its source (script, AI prompt or library file), voice, suggestions and saved sections.
 */
export function AbIntroOutro({ draft, template }: { draft: TAbDraft; template: TTemplateView | undefined }) {
  const sections = useAbSections(draft, () => initialSegments(draft, template));
  const [picking, setPicking] = useState<string | null>(null);

  if (!template) return <Alert color="yellow">{AB_MESSAGES.chooseTemplate}</Alert>;
  if (sections.segments.length === 0) return <Alert color="gray">This template has no intro or outro segment.</Alert>;

  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void sections.submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Intro and outro
            </Title>
            <IntroOutroStatus status={draft.introoutro_status} />
          </Group>
          <Text size="sm" c="dimmed">
            The episode plays these segments in order; an intro or outro set here replaces the template&apos;s for this episode only.
          </Text>
          {template.segments.map((segment) => (
            <AbSegment key={segment.id} segment={segment} draft={draft} sections={sections} onPickVoice={() => setPicking(segment.id)} />
          ))}
          <NoticeAlert notice={sections.notice} />
          <Group justify="flex-end" gap="xs">
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              loading={sections.suggesting}
              onClick={() => void sections.applySuggestions()}
            >
              Suggest with AI
            </Button>
            <Button type="submit" loading={sections.saving}>
              Save intro/outro
            </Button>
          </Group>
        </Stack>
      </form>
      <SectionVoicePicker sections={sections} picking={picking} onDone={() => setPicking(null)} />
    </Card>
  );
}

interface SegmentProps {
  segment: TSegment;
  draft: TAbDraft;
  sections: AbSections;
  onPickVoice: () => void;
}

/** One segment of the template as this episode plays it, with the intro's or outro's controls. */
function AbSegment({ segment, draft, sections, onPickVoice }: SegmentProps) {
  const { update, files } = sections;
  const override = sections.segments.find((s) => s.segment_id === segment.id);
  const played = override ? segmentAsPlayed(segment, override) : segment;
  const voice = played.source.source_type === 'tts' ? played.source : null;
  return (
    <SegmentCard
      segment={played}
      contentName={draft.nickname || draft.display_name}
      clipName={override ? (chosenFile(override, files(override.section_type))?.display_name ?? null) : null}
      script={override?.script ?? ''}
      voiceName={voice?.voice_name ?? voice?.voice_id ?? 'Default voice'}
      missing={false}
      scriptEditable={override?.source_type !== 'ai_generated'}
      onScript={(script) => override && update({ ...override, script })}
      onChangeVoice={onPickVoice}
    >
      {override && (
        <AbSegmentControls segment={override} files={files(override.section_type)} saved={sections.savedSections} onChange={update} />
      )}
    </SegmentCard>
  );
}

function NoticeAlert({ notice }: { notice: AbNotice }) {
  if (!notice) return null;
  return (
    <Alert color={notice.color} title={notice.title} role="alert">
      {notice.items && (
        <List size="sm">
          {notice.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** The voice of the intro or outro whose 'Change voice' was pressed. */
function SectionVoicePicker({ sections, picking, onDone }: { sections: AbSections; picking: string | null; onDone: () => void }) {
  const { loadVoices, previewSource } = useVoiceSource();
  const target = sections.segments.find((s) => s.segment_id === picking);
  return (
    <VoicePicker
      opened={picking !== null}
      onClose={onDone}
      selectedVoiceId={target?.voice_id ?? null}
      loadVoices={loadVoices}
      previewSource={previewSource}
      onSelect={(voice) => {
        if (target) sections.update({ ...target, voice_id: voice.voice_id, voice_name: voice.name });
        onDone();
      }}
    />
  );
}
