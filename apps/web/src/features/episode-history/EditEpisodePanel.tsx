import { Alert, Button, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { EPISODE_MESSAGES, type TEpisode } from '@ppp/contracts';
import { TemplateChooser } from './TemplateChooserDialog.tsx';
import { useEditEpisode } from './use-edit-episode.ts';
import { EpisodePodcasting20Fields } from '../podcast-manager/Podcasting20Fields.tsx';
import { EpisodeCoverField, EpisodeNumberFields, EpisodeTextFields, EpisodeVisibilityField } from './EditEpisodeFields.tsx';
import { EditPanelTranscript } from './EpisodeTranscript.tsx';

interface Props {
  episode: TEpisode | null;
  episodes: readonly TEpisode[];
  onClose: () => void;
  onSaved: (episode: TEpisode) => void;
  /** Opens the episode's transcript editor instead of the panel (issue 32). */
  onTranscript?: () => void;
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

function EditEpisodeForm({ episode, episodes, onClose, onSaved, onTranscript }: Props & { episode: TEpisode }) {
  const edit = useEditEpisode(episode, episodes, onSaved);
  const { values, set, duplicate, error } = edit;
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
        <EpisodeTextFields episode={episode} edit={edit} />
        <EditPanelTranscript episode={episode} onOpen={onTranscript} />
        <EpisodeNumberFields edit={edit} />
        <EpisodeVisibilityField episode={episode} edit={edit} />
        <Switch label="Explicit content" checked={values.is_explicit} onChange={(e) => set({ is_explicit: e.currentTarget.checked })} />
        <TemplateChooser value={values.template_id} onChange={(template_id) => set({ template_id })} />
        <EpisodeCoverField episode={episode} edit={edit} />
        <EpisodePodcasting20Fields
          value={edit.values.podcasting20}
          onChange={(podcasting20) => edit.set({ podcasting20 })}
          error={edit.podcasting20}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void edit.save()} loading={edit.saving} disabled={edit.blocked}>
            Save
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
