import { useEffect } from 'react';
import { Alert, Button, Card, Group, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSparkles } from '@tabler/icons-react';
import { AB_MESSAGES, AB_WORKSPACE, type TAbDraft, type TTemplateView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

interface DetailsValues {
  title: string;
  description: string;
  tags: string;
}

type Prompt = 'expand' | 'shorten' | 'tags' | null;

/** The details form, reset when another draft is opened (edits in progress are kept across the list's polling). */
function useDetailsForm(draft: TAbDraft) {
  const form = useForm<DetailsValues>({
    initialValues: { title: draft.title, description: draft.description, tags: draft.tags },
    validate: {
      title: (v) => (v.length > AB_WORKSPACE.titleMax ? `At most ${AB_WORKSPACE.titleMax} characters` : null),
      description: (v) => (v.length > AB_WORKSPACE.descriptionMax ? `At most ${AB_WORKSPACE.descriptionMax} characters` : null),
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues({ title: draft.title, description: draft.description, tags: draft.tags });
    resetDirty({ title: draft.title, description: draft.description, tags: draft.tags });
    // Only when another draft is opened: edits in progress are kept across the list's polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.id]);
  return form;
}

type DetailsForm = ReturnType<typeof useDetailsForm>;

/** AI help for the details (the same text AI as the Episode Creator): title and description, expand, shorten, or tags. */
function useDetailsAi(draft: TAbDraft, form: DetailsForm) {
  const ai = trpc.aiText.metadata.useMutation();
  async function askAi(prompt: Prompt) {
    try {
      const answer = await ai.mutateAsync({
        audio_filename: draft.filename,
        template_id: draft.template,
        current_title: form.values.title,
        current_description: form.values.description,
        prompt,
      });
      const tags = answer.tags.join(', ');
      if (prompt === 'tags') form.setFieldValue('tags', tags);
      else
        form.setValues({
          title: answer.title ?? form.values.title,
          description: answer.description ?? form.values.description,
          tags: form.values.tags || tags,
        });
    } catch (error) {
      notifications.show({ color: 'red', title: 'AI help failed', message: messageOf(error, 'Please try again later.') });
    }
  }
  return { askAi, busy: ai.isPending };
}

/** The checklist's Title, Description, Tags and Choose template, with AI help from the same text AI as the Episode Creator. */
export function AbDetailsCard({ draft, templates }: { draft: TAbDraft; templates: TTemplateView[] }) {
  const utils = trpc.useUtils();
  const update = trpc.abWorkspace.updateDraft.useMutation({ onSuccess: () => utils.abWorkspace.drafts.invalidate() });
  const form = useDetailsForm(draft);
  const ai = useDetailsAi(draft, form);

  async function save(values: DetailsValues) {
    try {
      await update.mutateAsync({ id: draft.id, ...values });
      form.resetDirty(values);
      notifications.show({ color: 'teal', title: AB_MESSAGES.saved, message: 'Details saved to this draft.' });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not saved', message: messageOf(error, 'Please try again.') });
    }
  }

  async function chooseTemplate(id: string | null) {
    try {
      await update.mutateAsync({ id: draft.id, template_id: id });
    } catch (error) {
      notifications.show({ color: 'red', title: AB_MESSAGES.templateUnavailable, message: messageOf(error, AB_MESSAGES.templateNotFound) });
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Episode details
          </Title>
          <AiHelpButtons busy={ai.busy} onAsk={(prompt) => void ai.askAi(prompt)} />
          <TextInput label="Title" {...form.getInputProps('title')} />
          <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
          <TextInput label="Tags" description="Separated by commas" {...form.getInputProps('tags')} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              Save details
            </Button>
          </Group>
          <TemplateChoice draft={draft} templates={templates} onChoose={(id) => void chooseTemplate(id)} />
        </Stack>
      </form>
    </Card>
  );
}

function AiHelpButtons({ busy, onAsk }: { busy: boolean; onAsk: (prompt: Prompt) => void }) {
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" leftSection={<IconSparkles size={14} />} loading={busy} onClick={() => onAsk(null)}>
        AI title &amp; description
      </Button>
      <Button size="xs" variant="default" disabled={busy} onClick={() => onAsk('expand')}>
        Expand
      </Button>
      <Button size="xs" variant="default" disabled={busy} onClick={() => onAsk('shorten')}>
        Shorten
      </Button>
      <Button size="xs" variant="default" disabled={busy} onClick={() => onAsk('tags')}>
        AI tags
      </Button>
    </Group>
  );
}

/** The draft's template, among the active ones of its show. */
function TemplateChoice({
  draft,
  templates,
  onChoose,
}: {
  draft: TAbDraft;
  templates: TTemplateView[];
  onChoose: (id: string | null) => void;
}) {
  const active = templates.filter((t) => t.is_active && (!draft.podcast_id || t.podcast_id === draft.podcast_id));
  if (active.length === 0) return <Alert color="yellow">{AB_MESSAGES.noActiveTemplates}</Alert>;
  return (
    <Select
      label="Template"
      placeholder={AB_MESSAGES.chooseTemplate}
      data={active.map((t) => ({ value: t.id, label: t.name }))}
      value={draft.template}
      onChange={onChoose}
      allowDeselect={false}
    />
  );
}
