import { useState } from 'react';
import { Alert, Button, Drawer, FileButton, Group, Image, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPhoto } from '@tabler/icons-react';
import {
  EPISODE_HISTORY,
  EPISODE_MESSAGES,
  PUBLISH_MESSAGES,
  VISIBILITIES,
  VISIBILITY_LABELS,
  ZVisibility,
  coverUploadForm,
  type TEpisode,
  type TVisibility,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf, toApiFailure } from '../../lib/api-error.ts';
import { formatScheduled } from '../publishing/schedule-time.ts';
import { AiSuggestField } from '../episode-creator/details/AiSuggestField.tsx';
import { changesOf, duplicateOf, numberProblem, valuesOf, type EditValues } from './edit-form.ts';
import { TemplateChooser } from './TemplateChooserDialog.tsx';

interface Props {
  episode: TEpisode | null;
  episodes: readonly TEpisode[];
  onClose: () => void;
  onSaved: (episode: TEpisode) => void;
}

/** A centred square of the uploaded image: what the cover shows (the server keeps the crop with the cover). */
async function squareCrop(file: File): Promise<Record<string, number> | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = Math.min(bitmap.width, bitmap.height);
    return { x: Math.floor((bitmap.width - size) / 2), y: Math.floor((bitmap.height - size) / 2), width: size, height: size };
  } catch {
    return null;
  }
}

/**
 * The edit side panel (spec 001 §5): title (trimmed), description, tags, explicit, cover, season and
 * episode (whole numbers or empty; a pair another episode of the show has blocks the save with a
 * warning banner), template link, and the visibility (a draft keeps it for its publish; a scheduled
 * episode goes public at its time, so it is shown and not changed here). Save stays disabled while
 * nothing changed.
 */
export function EditEpisodePanel(props: Props) {
  if (!props.episode) return null;
  return <EditEpisodeForm key={props.episode.id} {...props} episode={props.episode} />;
}

function EditEpisodeForm({ episode, episodes, onClose, onSaved }: Props & { episode: TEpisode }) {
  const [values, setValues] = useState<EditValues>(valuesOf(episode));
  const [crop, setCrop] = useState<Record<string, number> | null | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.episodes.update.useMutation();
  const saveVisibility = trpc.publishing.setVisibility.useMutation();
  const [visibility, setVisibility] = useState<TVisibility>(episode.visibility);
  const visibilityChanged = visibility !== episode.visibility;
  const visibilityLocked = episode.status !== 'published' && episode.status !== 'processed';
  const uploadCover = trpc.mediaUploads.cover.useMutation();
  const set = (patch: Partial<EditValues>) => setValues({ ...values, ...patch });
  const changes = { ...changesOf(episode, values), ...(crop !== undefined ? { image_crop: crop } : {}) };
  const problems = [numberProblem(values.season_number), numberProblem(values.episode_number)];
  const duplicate = duplicateOf(episode, values, episodes);
  const titleMissing = values.title.trim() === '';
  const unchanged = Object.keys(changes).length === 0 && !visibilityChanged;
  // AI title, notes and tags from this episode's transcript, after its cuts (spec 001 §3 'edit panel', issue 18).
  const ai = {
    request: {
      episode_id: episode.id,
      podcast_id: episode.podcast_id,
      template_id: values.template_id,
      current_title: values.title,
      current_description: values.description,
    },
    transcriptReady: episode.has_transcript,
    wording: 'edit-panel',
  } as const;

  async function chooseCover(file: File | null) {
    if (!file) return;
    try {
      const stored = await uploadCover.mutateAsync(coverUploadForm(file, file.name));
      setValues((v) => ({ ...v, cover_image_path: stored.path }));
      setCrop(await squareCrop(file));
      setPreview(URL.createObjectURL(file));
    } catch (err) {
      notifications.show({ color: 'red', title: 'Upload failed', message: messageOf(err, 'Upload failed') });
    }
  }

  async function save() {
    setError(null);
    try {
      if (visibilityChanged) await saveVisibility.mutateAsync({ id: episode.id, visibility });
      const saved = await update.mutateAsync({ id: episode.id, ...changes });
      notifications.show({ color: 'green', message: 'Changes saved' });
      onSaved(saved);
    } catch (err) {
      const failure = toApiFailure(err);
      setError(failure.message ?? EPISODE_MESSAGES.saveFailed);
      if (changes.template_id !== undefined && failure.status === 404) setError(EPISODE_MESSAGES.templateLinkFailed);
    }
  }

  const coverSrc = preview ?? (values.cover_image_path ? episode.cover_url : null);
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={<Text fw={700}>Edit episode</Text>}>
      <Stack gap="sm">
        {duplicate && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="duplicate-banner">
            {EPISODE_MESSAGES.duplicateNumber} (“{duplicate.title}”).
          </Alert>
        )}
        {error && (
          <Alert color="red" title={EPISODE_MESSAGES.saveFailed}>
            {error}
          </Alert>
        )}
        <AiSuggestField
          field="title"
          {...ai}
          value={values.title}
          onChange={(title) => set({ title })}
          maxLength={EPISODE_HISTORY.titleMaxLength}
          error={titleMissing ? 'Title is required' : null}
        />
        <AiSuggestField
          field="description"
          {...ai}
          id="edit-episode-description"
          value={values.description}
          onChange={(description) => set({ description })}
        />
        <AiSuggestField
          field="tags"
          {...ai}
          id="edit-episode-tags"
          value={values.tags}
          onChange={(tags) => setValues((v) => ({ ...v, tags }))}
          hint={`Comma separated; at most ${EPISODE_HISTORY.maxTags}, each up to ${EPISODE_HISTORY.maxTagLength} characters.`}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Season"
            inputMode="numeric"
            value={values.season_number}
            onChange={(e) => set({ season_number: e.currentTarget.value })}
            error={problems[0]}
          />
          <TextInput
            label="Episode"
            inputMode="numeric"
            value={values.episode_number}
            onChange={(e) => set({ episode_number: e.currentTarget.value })}
            error={problems[1]}
          />
        </Group>
        {episode.status === 'scheduled' && episode.publish_at && (
          <Text size="sm" data-testid="edit-scheduled-for">
            Scheduled for {formatScheduled(episode.publish_at, episode.publish_at_local)}
          </Text>
        )}
        <Select
          label="Visibility"
          description={
            episode.status === 'scheduled'
              ? PUBLISH_MESSAGES.visibilityWhileScheduled
              : episode.status === 'published'
                ? 'Applied to the live episode when you save.'
                : 'Used when the episode is published.'
          }
          data={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
          value={visibility}
          onChange={(value) => setVisibility(ZVisibility.catch(visibility).parse(value))}
          allowDeselect={false}
          disabled={visibilityLocked}
        />
        <Switch label="Explicit content" checked={values.is_explicit} onChange={(e) => set({ is_explicit: e.currentTarget.checked })} />
        <TemplateChooser value={values.template_id} onChange={(template_id) => set({ template_id })} />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Cover
          </Text>
          <Group align="flex-end">
            {coverSrc ? (
              <Image src={coverSrc} alt="Episode cover" w={96} h={96} radius="sm" fit="cover" />
            ) : (
              <IconPhoto size={48} aria-hidden="true" />
            )}
            <Stack gap={4}>
              <FileButton onChange={(file) => void chooseCover(file)} accept="image/png,image/jpeg">
                {(props) => (
                  <Button {...props} variant="default" size="xs" loading={uploadCover.isPending}>
                    Upload cover
                  </Button>
                )}
              </FileButton>
              {values.cover_image_path && (
                <Button
                  variant="subtle"
                  size="xs"
                  color="red"
                  onClick={() => {
                    set({ cover_image_path: null });
                    setPreview(null);
                    setCrop(null);
                  }}
                >
                  Remove cover
                </Button>
              )}
            </Stack>
          </Group>
        </div>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void save()}
            loading={update.isPending || saveVisibility.isPending}
            disabled={unchanged || Boolean(duplicate) || problems.some(Boolean) || titleMissing}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
