import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCalendar,
  IconCut,
  IconDots,
  IconEdit,
  IconFileText,
  IconRefresh,
  IconScissors,
  IconSend,
  IconTrash,
  IconWorldOff,
} from '@tabler/icons-react';
import type { TEpisode } from '@ppp/contracts';
import { canPublish, canRepublish, canUnpublish } from '../publishing/publish-rules.ts';
import { useCan } from '../team/use-workspace.ts';

export type EpisodeAction =
  'edit' | 'manual-edit' | 'retakes' | 'transcript' | 'publish' | 'schedule' | 'unpublish' | 'retry' | 'republish' | 'delete';

/** The publish rules of the publishing screens, read from an Episode History row. */
export function publishable(episode: TEpisode) {
  return {
    status: episode.status as 'processed',
    publish_at: episode.publish_at,
    publish_state: episode.publish_state as 'queued' | null,
    has_audio: episode.final_audio_exists,
  };
}

/** Which actions a row offers (spec 001 §4). */
export function actionsFor(episode: TEpisode, now = new Date()): EpisodeAction[] {
  const rules = publishable(episode);
  const list: EpisodeAction[] = ['edit'];
  if (episode.editable) list.push('manual-edit');
  if (episode.editable && episode.has_transcript) list.push('retakes', 'transcript');
  // A scheduled episode can go out now, or have its schedule changed (Schedule) or cancelled (Unpublish).
  if (canPublish(rules) && (episode.status === 'processed' || episode.status === 'scheduled')) list.push('publish', 'schedule');
  if (canUnpublish(rules, now)) list.push('unpublish');
  if (episode.retry_available) list.push('retry');
  if (canRepublish(rules) || (episode.status === 'processed' && (episode.needs_republish || Boolean(episode.publish_error))))
    list.push('republish');
  list.push('delete');
  return [...new Set(list)];
}

const ITEMS: Record<EpisodeAction, { label: string; icon: typeof IconEdit; color?: string }> = {
  edit: { label: 'Edit details', icon: IconEdit },
  'manual-edit': { label: 'Manual editor', icon: IconCut },
  retakes: { label: 'Review retakes', icon: IconScissors },
  transcript: { label: 'Transcript', icon: IconFileText },
  publish: { label: 'Publish', icon: IconSend },
  schedule: { label: 'Schedule', icon: IconCalendar },
  unpublish: { label: 'Unpublish', icon: IconWorldOff },
  retry: { label: 'Retry', icon: IconRefresh },
  republish: { label: 'Retry Publish', icon: IconRefresh },
  delete: { label: 'Delete', icon: IconTrash, color: 'red' },
};

export function EpisodeMenu({ episode, onAction }: { episode: TEpisode; onAction: (action: EpisodeAction, episode: TEpisode) => void }) {
  // Every action changes the episode: a viewer of the workspace gets no menu.
  const edits = useCan('edit');
  const actions = actionsFor(episode);
  if (!edits) return null;
  const labelOf = (action: EpisodeAction) => (action === 'publish' && episode.status === 'scheduled' ? 'Publish now' : ITEMS[action].label);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${episode.title}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const item = ITEMS[action];
          return (
            <Menu.Item key={action} color={item.color} leftSection={<item.icon size={16} />} onClick={() => onAction(action, episode)}>
              {labelOf(action)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
