import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, SegmentedControl, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSparkles } from '@tabler/icons-react';
import {
  AB_MESSAGES,
  AB_WORKSPACE,
  abSectionProblems,
  type TAbDraft,
  type TAbSegmentOverride,
  type TAbSourceType,
  type TTemplateView,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

type Notice = { color: string; title: string; items?: string[] } | null;

const SOURCES: { value: TAbSourceType; label: string }[] = [
  { value: 'tts', label: 'AI voice script' },
  { value: 'ai_generated', label: 'AI prompt' },
  { value: 'static', label: 'Library file' },
];

/** The template's intro and outro segments, as the draft last saved them or as the template has them. */
function initialSegments(draft: TAbDraft, template: TTemplateView | undefined): TAbSegmentOverride[] {
  if (draft.segment_overrides.length > 0) return draft.segment_overrides;
  return (template?.segments ?? [])
    .filter((s) => s.segment_type === 'intro' || s.segment_type === 'outro')
    .map((s) => ({
      segment_id: s.id,
      section_type: s.segment_type === 'intro' ? 'intro' : 'outro',
      source_type: s.source.source_type === 'static' ? 'static' : 'tts',
      script: s.source.source_type === 'tts' ? s.source.text_prompt : '',
      prompt: '',
      filename: s.source.source_type === 'static' ? s.source.filename : '',
      voice_id: s.source.source_type === 'tts' ? s.source.voice_id : null,
      voice_name: null,
    }));
}

export function IntroOutroStatus({ status }: { status: TAbDraft['introoutro_status'] }) {
  if (status === 'manual') return <Badge color="teal">{AB_MESSAGES.introOutroManual}</Badge>;
  if (status === 'ai') return <Badge color="grape">{AB_MESSAGES.introOutroAi}</Badge>;
  return <Badge color="gray">Not finished</Badge>;
}

/** Step 3 (spec 002 §2.11, §5): intro and outro per segment (script, AI prompt or library file), suggestions and saved sections. */
export function AbIntroOutro({ draft, template }: { draft: TAbDraft; template: TTemplateView | undefined }) {
  const utils = trpc.useUtils();
  const library = trpc.media.library.useQuery();
  const saved = trpc.abWorkspace.sections.useQuery({ podcast_id: draft.podcast_id ?? undefined });
  const save = trpc.abWorkspace.saveSections.useMutation();
  const suggest = trpc.abWorkspace.suggestSection.useMutation();
  const [notice, setNotice] = useState<Notice>(null);
  const [status, setStatus] = useState<'manual' | 'ai'>(draft.introoutro_status === 'ai' ? 'ai' : 'manual');
  const form = useForm<{ segments: TAbSegmentOverride[] }>({ initialValues: { segments: initialSegments(draft, template) } });
  const files = (category: 'intro' | 'outro') => (library.data ?? []).filter((m) => m.category === category);

  if (!template) return <Alert color="yellow">{AB_MESSAGES.chooseTemplate}</Alert>;
  if (form.values.segments.length === 0) return <Alert color="gray">This template has no intro or outro segment.</Alert>;

  async function applySuggestions() {
    try {
      const next = [...form.values.segments];
      for (const [i, segment] of next.entries()) {
        if (segment.source_type === 'static') continue;
        const { script } = await suggest.mutateAsync({
          draft_id: draft.id,
          section_type: segment.section_type,
          history_count: AB_WORKSPACE.suggestionHistory,
        });
        next[i] = { ...segment, source_type: 'tts', script };
      }
      form.setFieldValue('segments', next);
      setStatus('ai');
      setNotice({ color: 'grape', title: AB_MESSAGES.suggestionsApplied });
    } catch (error) {
      setNotice({ color: 'yellow', title: messageOf(error, 'No suggestions yet.') });
    }
  }

  async function submit(segments: TAbSegmentOverride[]) {
    const problems = abSectionProblems(segments, { intro: files('intro'), outro: files('outro') });
    if (problems.length > 0) return setNotice({ color: 'red', title: AB_MESSAGES.fixBeforeSaving, items: problems });
    try {
      await save.mutateAsync({ draft_id: draft.id, segments, status });
      await Promise.all([utils.abWorkspace.drafts.invalidate(), utils.abWorkspace.sections.invalidate()]);
      setNotice({ color: 'teal', title: AB_MESSAGES.sectionSaved });
    } catch (error) {
      setNotice({ color: 'red', title: messageOf(error, AB_MESSAGES.fixBeforeSaving) });
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit((values) => void submit(values.segments))} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Intro and outro
            </Title>
            <IntroOutroStatus status={draft.introoutro_status} />
          </Group>
          {form.values.segments.map((segment, i) => {
            const reuse = (saved.data?.items ?? []).filter((s) => s.section_type === segment.section_type && s.source_type !== 'static');
            return (
              <Card key={segment.segment_id} withBorder padding="sm" bg="var(--mantine-color-body)">
                <Stack gap="xs">
                  <Text fw={600}>{segment.section_type === 'intro' ? 'Intro' : 'Outro'}</Text>
                  <SegmentedControl
                    data={SOURCES}
                    {...form.getInputProps(`segments.${i}.source_type`)}
                    aria-label={`${segment.section_type} source`}
                  />
                  {segment.source_type === 'tts' && (
                    <Textarea
                      label={`${segment.section_type === 'intro' ? 'Intro' : 'Outro'} script`}
                      autosize
                      minRows={2}
                      maxLength={AB_WORKSPACE.scriptMax}
                      {...form.getInputProps(`segments.${i}.script`)}
                    />
                  )}
                  {segment.source_type === 'ai_generated' && (
                    <Textarea
                      label="AI prompt"
                      autosize
                      minRows={2}
                      maxLength={AB_WORKSPACE.scriptMax}
                      {...form.getInputProps(`segments.${i}.prompt`)}
                    />
                  )}
                  {segment.source_type === 'static' && (
                    <Select
                      label={`${segment.section_type === 'intro' ? 'Intro' : 'Outro'} file`}
                      placeholder={AB_MESSAGES.chooseStatic}
                      data={files(segment.section_type).map((f) => ({ value: f.filename, label: f.display_name }))}
                      {...form.getInputProps(`segments.${i}.filename`)}
                    />
                  )}
                  {segment.source_type !== 'static' && reuse.length > 0 && (
                    <Select
                      label="Use a saved section"
                      placeholder="Saved sections"
                      data={reuse.map((s) => ({ value: s.id, label: `${s.tag}: ${s.content.slice(0, 40)}` }))}
                      value={null}
                      onChange={(id) => {
                        const found = reuse.find((s) => s.id === id);
                        if (found)
                          form.setFieldValue(`segments.${i}`, {
                            ...segment,
                            source_type: found.source_type,
                            script: found.source_type === 'tts' ? found.content : segment.script,
                            prompt: found.source_type === 'ai_generated' ? found.content : segment.prompt,
                          });
                      }}
                    />
                  )}
                </Stack>
              </Card>
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
    </Card>
  );
}
