import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TEMPLATE_MESSAGES, type TTemplateView } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { editorPath } from './template-paths.ts';
import { AiTemplateWizardPreview } from './AiTemplateWizardPreview.tsx';
import { useCan } from '../team/use-workspace.ts';

const KEEP_ONE = 'at least one template';

/** 'Intro · Content · Outro' with AI-voice segments marked. */
export function structureSummary(template: Pick<TTemplateView, 'segments'>): string {
  return template.segments
    .map((s) => `${s.segment_type.charAt(0).toUpperCase()}${s.segment_type.slice(1)}${s.source.source_type === 'tts' ? ' (AI voice)' : ''}`)
    .join(' · ');
}

/** Enabling, disabling and deleting a template, with the 'keep at least one' refusal kept for its own dialog. */
function useTemplateActions() {
  const utils = trpc.useUtils();
  const setActive = trpc.templates.setActive.useMutation({ onSuccess: () => utils.templates.list.invalidate() });
  const remove = trpc.templates.delete.useMutation({ onSuccess: () => utils.templates.list.invalidate() });
  const [deleting, setDeleting] = useState<TTemplateView | null>(null);
  const [keepOne, setKeepOne] = useState<string | null>(null);

  async function confirmDelete(template: TTemplateView) {
    setDeleting(null);
    try {
      await remove.mutateAsync({ id: template.id });
      notifications.show({ color: 'green', title: 'Template deleted', message: template.name });
    } catch (err) {
      const message = toApiFailure(err).message ?? 'Delete failed';
      if (message.includes(KEEP_ONE)) setKeepOne(message);
      else notifications.show({ color: 'red', title: 'Delete failed', message });
    }
  }

  async function toggle(template: TTemplateView) {
    try {
      await setActive.mutateAsync({ id: template.id, is_active: !template.is_active });
    } catch (err) {
      notifications.show({
        color: 'red',
        title: TEMPLATE_MESSAGES.saveFailed,
        message: toApiFailure(err).message ?? TEMPLATE_MESSAGES.saveFailed,
      });
    }
  }

  return { deleting, setDeleting, keepOne, setKeepOne, confirmDelete, toggle };
}

/** Templates (spec 002 'my-templates'): list, create, enable/disable, delete while another remains. */
export function TemplatesView() {
  const list = trpc.templates.list.useQuery();
  const edits = useCan('edit');
  const shows = trpc.podcasts.list.useQuery();
  const actions = useTemplateActions();
  const showName = (id: string | null) => shows.data?.find((show) => show.id === id)?.name ?? TEMPLATE_MESSAGES.missingShow;
  const templates = list.data ?? [];
  return (
    <Stack gap="lg" maw={1080}>
      <Group justify="space-between" align="end">
        <div>
          <Title order={1}>Templates</Title>
          <Text c="dimmed">The reusable structure of your episodes: intro, content, outro, music and AI guidance.</Text>
        </div>
        {edits && (
          <Group gap="sm">
            <AiTemplateWizardPreview />
            <Button component={Link} to={editorPath('new')} leftSection={<IconPlus size={16} />}>
              Create template
            </Button>
          </Group>
        )}
      </Group>
      {shows.isSuccess && shows.data.length === 0 && (
        <Alert color="blue">Templates belong to a show. Create a show in My Podcasts first.</Alert>
      )}
      {list.isPending && <Loader aria-label="Loading templates" />}
      {list.isError && <Alert color="red">{toApiFailure(list.error).message ?? 'Unable to load templates.'}</Alert>}
      {list.isSuccess && templates.length === 0 && <Text c="dimmed">No templates yet. Create one to shape your episodes.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {templates.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            showName={showName(template.podcast_id)}
            onToggle={() => void actions.toggle(template)}
            onDelete={() => actions.setDeleting(template)}
          />
        ))}
      </SimpleGrid>
      <TemplateDialogs actions={actions} />
    </Stack>
  );
}

interface CardProps {
  template: TTemplateView;
  showName: string;
  onToggle: () => void;
  onDelete: () => void;
}

/** One template: name, state, show, structure, music rules, description, and its Edit, Enable/Disable and Delete buttons. */
function TemplateCard({ template, showName, onToggle, onDelete }: CardProps) {
  return (
    <Card withBorder padding="md" aria-label={template.name} data-testid="template-card">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700} truncate="end">
          {template.name}
        </Text>
        <Badge color={template.is_active ? 'teal' : 'gray'} variant="light">
          {template.is_active ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
      <Text size="sm" c={template.podcast_id ? 'dimmed' : 'orange'}>
        {showName}
      </Text>
      <Text size="sm" mt="xs">
        {structureSummary(template)}
      </Text>
      {template.background_music_rules.length > 0 && (
        <Text size="xs" c="dimmed">
          {template.background_music_rules.length} background music rule(s)
        </Text>
      )}
      <Text size="sm" c="dimmed" mt="xs" lineClamp={2}>
        {template.description || 'No description available.'}
      </Text>
      <TemplateCardActions template={template} onToggle={onToggle} onDelete={onDelete} />
    </Card>
  );
}

/** Edit, Enable or Disable, and Delete. */
function TemplateCardActions({ template, onToggle, onDelete }: Omit<CardProps, 'showName'>) {
  const edits = useCan('edit');
  if (!edits) return null;
  return (
    <Group gap="xs" mt="md">
      <Button
        size="xs"
        component={Link}
        to={editorPath(template.id)}
        leftSection={<IconPencil size={14} />}
        aria-label={`Edit ${template.name}`}
      >
        Edit
      </Button>
      <Button size="xs" variant="light" color={template.is_active ? 'orange' : 'teal'} onClick={onToggle}>
        {template.is_active ? 'Disable' : 'Enable'}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={onDelete}
        aria-label={`Delete ${template.name}`}
      >
        Delete
      </Button>
    </Group>
  );
}

/** 'Delete template? and, when the last one was refused, 'Keep at least one template'. */
function TemplateDialogs({ actions }: { actions: ReturnType<typeof useTemplateActions> }) {
  const { deleting, setDeleting, keepOne, setKeepOne, confirmDelete } = actions;
  return (
    <>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete template?" size="sm">
        <Stack>
          <Text size="sm">Delete “{deleting?.name}”? Episodes already made with it stay as they are.</Text>
          <DialogActions onCancel={() => setDeleting(null)}>
            <Button color="red" onClick={() => deleting && void confirmDelete(deleting)}>
              Delete
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
      <Modal opened={keepOne !== null} onClose={() => setKeepOne(null)} title="Keep at least one template" size="sm">
        <Stack>
          <Text size="sm">{keepOne}</Text>
          <Text size="sm">{TEMPLATE_MESSAGES.keepOneTemplateAlert}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setKeepOne(null)}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
