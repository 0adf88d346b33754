import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import {
  AB_MESSAGES,
  AB_WORKSPACE,
  abSectionProblems,
  type TAbDraft,
  type TAbSegmentOverride,
  type TSegment,
  type TTemplateView,
} from '@ppp/contracts';
import { VoicePicker } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { SegmentCard } from '../episode-creator/SegmentCard.tsx';
import { useVoiceSource } from '../templates/use-voices.ts';
import { AbSegmentControls, chosenFile, segmentAsPlayed } from './AbSegmentControls.tsx';

type Notice = { color: string; title: string; items?: string[] } | null;

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
  const utils = trpc.useUtils();
  const library = trpc.media.library.useQuery();
  const saved = trpc.abWorkspace.sections.useQuery({ podcast_id: draft.podcast_id ?? undefined });
  const save = trpc.abWorkspace.saveSections.useMutation();
  const suggest = trpc.abWorkspace.suggestSection.useMutation();
  const { loadVoices, previewSource } = useVoiceSource();
  const [notice, setNotice] = useState<Notice>(null);
  const [status, setStatus] = useState<'manual' | 'ai'>(draft.introoutro_status === 'ai' ? 'ai' : 'manual');
  const [segments, setSegments] = useState(() => initialSegments(draft, template));
  const [picking, setPicking] = useState<string | null>(null);
  const files = (category: 'intro' | 'outro') => (library.data ?? []).filter((m) => m.category === category);
  const update = (next: TAbSegmentOverride) => setSegments((all) => all.map((s) => (s.segment_id === next.segment_id ? next : s)));

  if (!template) return <Alert color="yellow">{AB_MESSAGES.chooseTemplate}</Alert>;
  if (segments.length === 0) return <Alert color="gray">This template has no intro or outro segment.</Alert>;

  async function applySuggestions() {
    try {
      const next = [...segments];
      for (const [i, segment] of next.entries()) {
        if (segment.source_type === 'static') continue;
        const { script } = await suggest.mutateAsync({
          draft_id: draft.id,
          section_type: segment.section_type,
          history_count: AB_WORKSPACE.suggestionHistory,
        });
        next[i] = { ...segment, source_type: 'tts', script };
      }
      setSegments(next);
      setStatus('ai');
      setNotice({ color: 'grape', title: AB_MESSAGES.suggestionsApplied });
    } catch (error) {
      setNotice({ color: 'yellow', title: messageOf(error, 'No suggestions yet.') });
    }
  }

  async function submit() {
    const problems = abSectionProblems(segments, { intro: files('intro'), outro: files('outro') });
    if (problems.length > 0) return setNotice({ color: 'red', title: AB_MESSAGES.fixBeforeSaving, items: problems });
    try {
      const answer = await save.mutateAsync({ draft_id: draft.id, segments, status });
      setSegments(answer.draft.segment_overrides);
      await Promise.all([utils.abWorkspace.drafts.invalidate(), utils.abWorkspace.sections.invalidate()]);
      setNotice({ color: 'teal', title: AB_MESSAGES.sectionSaved });
    } catch (error) {
      setNotice({ color: 'red', title: messageOf(error, AB_MESSAGES.fixBeforeSaving) });
    }
  }

  return (
    <Card withBorder padding="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
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
          {template.segments.map((segment) => {
            const override = segments.find((s) => s.segment_id === segment.id);
            const played = override ? segmentAsPlayed(segment, override) : segment;
            const voice = played.source.source_type === 'tts' ? played.source : null;
            return (
              <SegmentCard
                key={segment.id}
                segment={played}
                contentName={draft.nickname || draft.display_name}
                clipName={override ? (chosenFile(override, files(override.section_type))?.display_name ?? null) : null}
                script={override?.script ?? ''}
                voiceName={voice?.voice_name ?? voice?.voice_id ?? 'Default voice'}
                missing={false}
                scriptEditable={override?.source_type !== 'ai_generated'}
                onScript={(script) => override && update({ ...override, script })}
                onChangeVoice={() => setPicking(segment.id)}
              >
                {override && (
                  <AbSegmentControls
                    segment={override}
                    files={files(override.section_type)}
                    saved={saved.data?.items ?? []}
                    onChange={update}
                  />
                )}
              </SegmentCard>
            );
          })}
          {notice && (
            <Alert color={notice.color} title={notice.title} role="alert">
              {notice.items && (
                <List size="sm">
                  {notice.items.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              loading={suggest.isPending}
              onClick={() => void applySuggestions()}
            >
              Suggest with AI
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save intro/outro
            </Button>
          </Group>
        </Stack>
      </form>
      <VoicePicker
        opened={picking !== null}
        onClose={() => setPicking(null)}
        selectedVoiceId={segments.find((s) => s.segment_id === picking)?.voice_id ?? null}
        loadVoices={loadVoices}
        previewSource={previewSource}
        onSelect={(voice) => {
          const target = segments.find((s) => s.segment_id === picking);
          if (target) update({ ...target, voice_id: voice.voice_id, voice_name: voice.name });
          setPicking(null);
        }}
      />
    </Card>
  );
}
