import { Alert, Button, Checkbox, FileInput, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { PODCAST_MESSAGES, type TPodcast } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { useCoverWarning } from './cover-check.ts';
import { ShowPodcasting20Fields } from './Podcasting20Fields.tsx';
import { CATEGORY_OPTIONS, languageOptions, podcasting20Error } from './show-form.ts';
import { useEditPodcast, type EditPodcastForm } from './use-edit-podcast.ts';

const TYPES = [
  { value: 'episodic', label: 'Episodic' },
  { value: 'serial', label: 'Serial' },
];

/** Name, description, type, language, owner, author, contact, copyright and website. */
function DetailsFields({ form }: { form: EditPodcastForm }) {
  return (
    <>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Type" data={TYPES} allowDeselect={false} {...form.getInputProps('podcast_type')} />
        <Select
          label="Language"
          data={languageOptions(form.getValues().language)}
          allowDeselect={false}
          searchable
          {...form.getInputProps('language')}
        />
        <TextInput label="Owner name" {...form.getInputProps('owner_name')} />
        <TextInput label="Owner email" type="email" {...form.getInputProps('owner_email')} />
        <TextInput label="Author" {...form.getInputProps('author_name')} />
        <TextInput label="Contact email" type="email" {...form.getInputProps('contact_email')} />
        <TextInput label="Copyright" {...form.getInputProps('copyright_line')} />
        <TextInput label="Website" type="url" {...form.getInputProps('website_url')} />
      </SimpleGrid>
    </>
  );
}

/** The primary category and up to two more. */
function CategoryFields({ form }: { form: EditPodcastForm }) {
  return (
    <>
      <Select label="Primary category" data={CATEGORY_OPTIONS} searchable clearable {...form.getInputProps('category_id')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['category_2_id', 'category_3_id'] as const).map((key, i) => (
          <Select
            key={key}
            label={`Additional category ${i + 1} (optional)`}
            data={CATEGORY_OPTIONS}
            searchable
            clearable
            {...form.getInputProps(key)}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

function EditForm({ show, onClose }: { show: TPodcast; onClose: () => void }) {
  const edit = useEditPodcast(show, onClose);
  const { form } = edit;
  const coverWarning = useCoverWarning(edit.cover);
  return (
    <Stack>
      <DetailsFields form={form} />
      <CategoryFields form={form} />
      <FileInput
        label="Cover art"
        description={PODCAST_MESSAGES.coverHint}
        accept="image/png,image/jpeg"
        value={edit.cover}
        onChange={edit.setCover}
        clearable
        error={coverWarning}
      />
      <Group>
        <Switch label="Explicit" {...form.getInputProps('explicit', { type: 'checkbox' })} />
        <Switch label="Lock feed (podcast:locked)" {...form.getInputProps('locked', { type: 'checkbox' })} />
      </Group>
      <ShowPodcasting20Fields
        value={form.getValues().podcasting20}
        onChange={(podcasting20) => form.setFieldValue('podcasting20', podcasting20)}
        error={podcasting20Error(form.errors)}
      />
      {edit.showHostId && (
        <TextInput
          label="Spreaker Show ID"
          description="Leave empty to host on this server’s own feed."
          {...form.getInputProps('spreaker_show_id')}
        />
      )}
      {edit.needsConfirm && (
        <Checkbox label="I want to change the Spreaker Show ID" {...form.getInputProps('allow_spreaker_id_change', { type: 'checkbox' })} />
      )}
      {edit.error && <Alert color="red">{edit.error}</Alert>}
      <DialogActions onCancel={onClose}>
        <Button onClick={edit.save} loading={edit.busy}>
          Save
        </Button>
      </DialogActions>
    </Stack>
  );
}

/**
 * Edit Podcast (spec 001 §3, §5 and §7): every show field, a linked show's fields loaded from its host,
 * the host show ID (where Spreaker is set up) with its confirmation, a new cover.
 */
export function EditPodcastDialog({ show, onClose }: { show: TPodcast | null; onClose: () => void }) {
  return (
    <Modal opened={show !== null} onClose={onClose} title="Edit Podcast" size="lg">
      {show && <EditForm key={show.id + show.updated_at.toISOString()} show={show} onClose={onClose} />}
    </Modal>
  );
}
