import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PODCAST_MESSAGES, updatePodcastForm, type TPodcast } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useCoverWarning } from './cover-check.ts';
import { CATEGORY_OPTIONS, LANGUAGE_OPTIONS, editValues, hostIdChangeNeedsConfirm, nameError, type TEditValues } from './show-form.ts';

function EditForm({ show, onClose }: { show: TPodcast; onClose: () => void }) {
  const utils = trpc.useUtils();
  const update = trpc.podcasts.update.useMutation();
  const [values, setValues] = useState<TEditValues>(editValues(show));
  const [cover, setCover] = useState<File | null>(null);
  const coverWarning = useCoverWarning(cover);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof TEditValues>(key: K, value: TEditValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const needsConfirm = hostIdChangeNeedsConfirm(show, values.spreaker_show_id);
  const extraCategories = [values.category_2_id, values.category_3_id];

  async function save() {
    const invalidName = nameError(values.name);
    if (invalidName) {
      notifications.show({ color: 'red', title: 'Error', message: PODCAST_MESSAGES.nameMinToast });
      return setError(invalidName);
    }
    if (needsConfirm && !values.allow_spreaker_id_change) return setError(PODCAST_MESSAGES.confirmHostShowIdChange);
    setBusy(true);
    setError(null);
    try {
      await update.mutateAsync(
        updatePodcastForm(
          {
            id: show.id,
            ...values,
            website_url: values.website_url.trim() || null,
            spreaker_show_id: values.spreaker_show_id.trim() || null,
            category: null,
            category_2: null,
            category_3: null,
          },
          cover,
        ),
      );
      await Promise.all([utils.podcasts.list.invalidate(), utils.podcasts.feedCheck.invalidate({ id: show.id })]);
      notifications.show({ color: 'green', message: 'Podcast saved' });
      onClose();
    } catch (err) {
      const message = toApiFailure(err).message ?? 'Error';
      notifications.show({ color: 'red', title: 'Error', message });
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <TextInput
        label="Name"
        required
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={values.name && nameError(values.name)}
      />
      <Textarea
        label="Description"
        autosize
        minRows={3}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Type"
          data={[
            { value: 'episodic', label: 'Episodic' },
            { value: 'serial', label: 'Serial' },
          ]}
          value={values.podcast_type}
          onChange={(v) => set('podcast_type', (v ?? 'episodic') as TEditValues['podcast_type'])}
          allowDeselect={false}
        />
        <Select
          label="Language"
          data={LANGUAGE_OPTIONS}
          value={values.language}
          onChange={(v) => set('language', (v ?? 'en') as TEditValues['language'])}
          allowDeselect={false}
          searchable
        />
        <TextInput label="Owner name" value={values.owner_name} onChange={(e) => set('owner_name', e.currentTarget.value)} />
        <TextInput
          label="Owner email"
          type="email"
          value={values.owner_email}
          onChange={(e) => set('owner_email', e.currentTarget.value)}
        />
        <TextInput label="Author" value={values.author_name} onChange={(e) => set('author_name', e.currentTarget.value)} />
        <TextInput
          label="Contact email"
          type="email"
          value={values.contact_email}
          onChange={(e) => set('contact_email', e.currentTarget.value)}
        />
        <TextInput label="Copyright" value={values.copyright_line} onChange={(e) => set('copyright_line', e.currentTarget.value)} />
        <TextInput label="Website" type="url" value={values.website_url} onChange={(e) => set('website_url', e.currentTarget.value)} />
      </SimpleGrid>
      <Select
        label="Primary category"
        data={CATEGORY_OPTIONS}
        value={values.category_id}
        onChange={(v) => set('category_id', v)}
        searchable
        clearable
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['category_2_id', 'category_3_id'] as const).map((key, i) => (
          <Select
            key={key}
            label={`Additional category ${i + 1} (optional)`}
            data={CATEGORY_OPTIONS}
            value={extraCategories[i] ?? null}
            onChange={(v) => set(key, v)}
            searchable
            clearable
          />
        ))}
      </SimpleGrid>
      <FileInput
        label="Cover art"
        description={PODCAST_MESSAGES.coverHint}
        accept="image/png,image/jpeg"
        value={cover}
        onChange={setCover}
        clearable
        error={coverWarning}
      />
      <Group>
        <Switch label="Explicit" checked={values.explicit} onChange={(e) => set('explicit', e.currentTarget.checked)} />
        <Switch label="Lock feed (podcast:locked)" checked={values.locked} onChange={(e) => set('locked', e.currentTarget.checked)} />
      </Group>
      <TextInput
        label="Spreaker Show ID"
        description="Leave empty to host on this server’s own feed."
        value={values.spreaker_show_id}
        onChange={(e) => set('spreaker_show_id', e.currentTarget.value)}
      />
      {needsConfirm && (
        <Checkbox
          label="I want to change the Spreaker Show ID"
          checked={values.allow_spreaker_id_change}
          onChange={(e) => set('allow_spreaker_id_change', e.currentTarget.checked)}
        />
      )}
      {error && <Alert color="red">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={busy}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** Edit Podcast (spec 001 §3 and §5): every show field, the host show ID with its confirmation, a new cover. */
export function EditPodcastDialog({ show, onClose }: { show: TPodcast | null; onClose: () => void }) {
  return (
    <Modal opened={show !== null} onClose={onClose} title="Edit Podcast" size="lg">
      {show && <EditForm key={show.id + show.updated_at.toISOString()} show={show} onClose={onClose} />}
    </Modal>
  );
}
