import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { PUBLISHED_NOTICE, PUBLISH_MESSAGES, type TPublishStatus } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { followPublishStatus } from './follow-publish.ts';
import { zonedSchedulePayload, type TPublishForm } from './publish-form.ts';

/** The call's body for the chosen mode. */
function publishBody(values: TPublishForm) {
  if (values.mode === 'schedule') return { mode: values.mode, ...zonedSchedulePayload(values) };
  if (values.mode === 'draft') return { mode: values.mode, publish_state: 'draft' as const };
  return { mode: values.mode, publish_state: values.visibility === 'no-change' ? null : values.visibility };
}

/** The toast after a publish call went through. */
function publishedMessage(mode: TPublishForm['mode'], status: TPublishStatus): string {
  if (mode === 'schedule') return PUBLISH_MESSAGES.scheduled;
  if (mode === 'draft') return PUBLISH_MESSAGES.draftSaved;
  return status.status === 'published' ? PUBLISHED_NOTICE.title : 'Publish dispatched';
}

/** Publishes, schedules or keeps as draft; after "now" the status is followed until the host answers. The failure's words are kept. */
export function usePublishSubmit(episodeId: string, onDone: (status: TPublishStatus) => void) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const publish = trpc.publishing.publish.useMutation();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: TPublishForm) {
    setFailure(null);
    try {
      let status = await publish.mutateAsync({ id: episodeId, ...publishBody(values) });
      if (values.mode === 'now') {
        status = await followPublishStatus(queryClient, episodeId, () => utils.client.publishing.status.query({ id: episodeId }));
      }
      if (status.last_error) throw new Error(status.last_error);
      notifications.show({ color: 'green', message: publishedMessage(values.mode, status) });
      onDone(status);
    } catch (err) {
      const fallback = values.mode === 'schedule' ? PUBLISH_MESSAGES.scheduleFailed : PUBLISH_MESSAGES.publishFailed;
      setFailure(toApiFailure(err).message ?? fallback);
    }
  }

  return { failure, submit };
}
