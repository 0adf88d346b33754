import { Button, FileButton, Group, Image, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { EPISODE_HISTORY, PUBLISH_MESSAGES, VISIBILITIES, VISIBILITY_LABELS, ZVisibility, type TEpisode } from '@ppp/contracts';
import { formatScheduled } from '../publishing/schedule-time.ts';
import { AiSuggestField } from '../episode-creator/details/AiSuggestField.tsx';
import type { EpisodeEdit } from './use-edit-episode.ts';

type FieldsProps = { episode: TEpisode; edit: EpisodeEdit };

/** Title, description and tags, each with its AI suggestion from this episode's transcript, after its cuts (spec 001 §3, issue 18). */
export function EpisodeTextFields({ episode, edit }: FieldsProps) {
  const { values, set } = edit;
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
  return (
    <>
      <AiSuggestField
        field="title"
        {...ai}
        value={values.title}
        onChange={(title) => set({ title })}
        maxLength={EPISODE_HISTORY.titleMaxLength}
        error={edit.titleMissing ? 'Title is required' : null}
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
        onChange={(tags) => set({ tags })}
        hint={`Comma separated; at most ${EPISODE_HISTORY.maxTags}, each up to ${EPISODE_HISTORY.maxTagLength} characters.`}
      />
    </>
  );
}

/** Season and episode: whole numbers or empty. */
export function EpisodeNumberFields({ edit }: { edit: EpisodeEdit }) {
  const { values, set, problems } = edit;
  return (
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
  );
}

function visibilityHint(status: string): string {
  if (status === 'scheduled') return PUBLISH_MESSAGES.visibilityWhileScheduled;
  if (status === 'published') return 'Applied to the live episode when you save.';
  return 'Used when the episode is published.';
}

/** The visibility: a draft keeps it for its publish; a scheduled episode shows its time and cannot change it here. */
export function EpisodeVisibilityField({ episode, edit }: FieldsProps) {
  const { visibility, setVisibility } = edit;
  return (
    <>
      {episode.status === 'scheduled' && episode.publish_at && (
        <Text size="sm" data-testid="edit-scheduled-for">
          Scheduled for {formatScheduled(episode.publish_at, episode.publish_at_local)}
        </Text>
      )}
      <Select
        label="Visibility"
        description={visibilityHint(episode.status)}
        data={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
        value={visibility}
        onChange={(value) => setVisibility(ZVisibility.catch(visibility).parse(value))}
        allowDeselect={false}
        disabled={episode.status !== 'published' && episode.status !== 'processed'}
      />
    </>
  );
}

/** The cover: the image (or a placeholder), Upload cover, and Remove cover when there is one. */
export function EpisodeCoverField({ episode, edit }: FieldsProps) {
  const { values, cover } = edit;
  const coverSrc = cover.preview ?? (values.cover_image_path ? episode.cover_url : null);
  return (
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
          <FileButton onChange={(file) => void cover.chooseCover(file)} accept="image/png,image/jpeg">
            {(props) => (
              <Button {...props} variant="default" size="xs" loading={cover.uploading}>
                Upload cover
              </Button>
            )}
          </FileButton>
          {values.cover_image_path && (
            <Button variant="subtle" size="xs" color="red" onClick={cover.removeCover}>
              Remove cover
            </Button>
          )}
        </Stack>
      </Group>
    </div>
  );
}
