import { Badge, Button, Card, List, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { TitledCard } from '@ppp/ui';
import type { TemplateDraft } from './editor-state.ts';

/** What a new template needs, ticked off as the draft fills in. */
export function quickstartSteps(draft: TemplateDraft): { label: string; done: boolean }[] {
  const filled = (type: 'intro' | 'outro') =>
    draft.segments.some(
      (s) => s.segment_type === type && (s.source.source_type === 'static' ? s.source.filename !== '' : s.source.voice_id),
    );
  return [
    { label: 'Name the template and choose its show', done: draft.name.trim() !== '' && Boolean(draft.podcast_id) },
    { label: 'Add an intro: a clip or an AI voice', done: filled('intro') },
    { label: 'Keep the content where your episode goes', done: draft.segments.some((s) => s.segment_type === 'content') },
    { label: 'Add an outro', done: filled('outro') },
    { label: 'Add background music (optional)', done: draft.music.some((m) => m.music_filename !== '') },
  ];
}

export function QuickstartCard({ draft, onTour }: { draft: TemplateDraft; onTour: () => void }) {
  return (
    <Card withBorder padding="md" data-tour="quickstart">
      <Title order={3} size="h5" mb="xs">
        Quickstart
      </Title>
      <List spacing={6} size="sm" center>
        {quickstartSteps(draft).map((step) => (
          <List.Item
            key={step.label}
            icon={
              <ThemeIcon size={18} radius="xl" color={step.done ? 'teal' : 'gray'} variant={step.done ? 'filled' : 'light'}>
                {step.done ? <IconCheck size={12} /> : <IconCircleDashed size={12} />}
              </ThemeIcon>
            }
          >
            {step.label}
          </List.Item>
        ))}
      </List>
      <Button variant="subtle" size="xs" mt="sm" onClick={onTour}>
        Take the tour
      </Button>
    </Card>
  );
}

export function StatusCard({ active, saved, busy, onToggle }: { active: boolean; saved: boolean; busy: boolean; onToggle: () => void }) {
  return (
    <TitledCard title="Template status" order={3} size="h5" gap="xs" padding="md" data-tour="status">
      <Badge color={active ? 'teal' : 'gray'} variant="light" w="fit-content">
        {active ? 'Active' : 'Inactive'}
      </Badge>
      <Text size="xs" c="dimmed">
        {active ? 'Offered when you start a new episode.' : 'Hidden when you start a new episode.'}
        {saved ? '' : ' Applies when you save.'}
      </Text>
      <Button variant="light" color={active ? 'orange' : 'teal'} size="xs" onClick={onToggle} loading={busy}>
        {active ? 'Disable' : 'Enable'}
      </Button>
    </TitledCard>
  );
}
