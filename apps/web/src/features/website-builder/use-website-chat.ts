import { useState } from 'react';
import { useForm } from '@mantine/form';
import { WEBSITE_MESSAGES, ZWebsiteChatRequest, type TWebsite, type TWebsiteChatRequest } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

export interface ChatExchange {
  message: string;
  reply: string;
}

/** The chat's history: the saved chat versions, oldest first, then this visit's exchanges not saved yet. */
function useChatHistory(podcastId: string, session: readonly ChatExchange[]): ChatExchange[] {
  const versions = trpc.website.versions.useQuery({ podcast_id: podcastId });
  const saved = (versions.data?.items ?? [])
    .filter((v) => v.action === 'chat' && v.message && v.reply)
    .map((v) => ({ message: v.message ?? '', reply: v.reply ?? '' }))
    .reverse();
  return [...saved, ...session.filter((s) => !saved.some((v) => v.message === s.message && v.reply === s.reply))];
}

/** The chat form (the request's own schema), its send with the builder's reply, and the history. */
export function useWebsiteChat(podcastId: string, onChanged: (w: TWebsite) => Promise<void>) {
  const [session, setSession] = useState<ChatExchange[]>([]);
  const [error, setError] = useState<string | null>(null);
  const chat = trpc.website.chat.useMutation();
  const history = useChatHistory(podcastId, session);
  const form = useForm<TWebsiteChatRequest>({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: { message: (value) => ZWebsiteChatRequest.shape.message.safeParse(value).error?.issues[0]?.message ?? null },
  });
  async function send(values: TWebsiteChatRequest) {
    setError(null);
    try {
      const result = await chat.mutateAsync({ podcast_id: podcastId, message: values.message });
      setSession((list) => [...list, { message: values.message.trim(), reply: result.reply }]);
      form.reset();
      const { reply: _reply, changed: _changed, ...next } = result;
      await onChanged(next);
    } catch (err) {
      setError(toApiFailure(err).message ?? WEBSITE_MESSAGES.updateFailed);
    }
  }
  return { form, history, error, sending: chat.isPending, send };
}
