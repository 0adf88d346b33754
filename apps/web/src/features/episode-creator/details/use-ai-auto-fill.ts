import { useEffect, useRef, useState } from 'react';
import { acceptAiText, acceptAiTitle, type TAiTextRequest } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { autoFill, autoFillNotice, type AiFillable } from './ai-fill.ts';

export interface AutoFillState {
  status: 'idle' | 'filling' | 'done' | 'failed';
  message: string;
}

const FILLING = 'Writing the title, description and tags from the transcript…';

interface Options<T extends AiFillable> {
  /** The template's ai_settings.auto_fill_ai (null while the template loads). */
  enabled: boolean | null;
  transcriptReady: boolean;
  request: TAiTextRequest;
  draft: T & { aiFilled?: boolean };
  onChange(draft: T & { aiFilled?: boolean }): void;
}

/**
 * 'Auto fill with AI' (spec 000 §3 ai_settings.auto_fill_ai): once the transcript is ready, the
 * title, description and tags are asked of the text AI at once and written into the fields the
 * creator left empty (tags added after theirs), once per draft (aiFilled), whatever the creator
 * typed meanwhile kept.
 */
export function useAiAutoFill<T extends AiFillable>({ enabled, transcriptReady, request, draft, onChange }: Options<T>): AutoFillState {
  const title = trpc.aiText.title.useMutation();
  const notes = trpc.aiText.notes.useMutation();
  const tags = trpc.aiText.tags.useMutation();
  const [state, setState] = useState<AutoFillState>({ status: 'idle', message: '' });
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });
  const started = useRef(false);

  useEffect(() => {
    if (!enabled || !transcriptReady || draft.aiFilled || started.current) return;
    started.current = true;
    setState({ status: 'filling', message: FILLING });
    void (async () => {
      const [t, n, g] = await Promise.allSettled([title.mutateAsync(request), notes.mutateAsync(request), tags.mutateAsync(request)]);
      const suggestions = {
        title: t.status === 'fulfilled' ? acceptAiTitle(t.value.title) : null,
        description: n.status === 'fulfilled' ? acceptAiText(n.value.description) : null,
        tags: g.status === 'fulfilled' ? g.value.tags : [],
      };
      const { draft: next, filled } = autoFill(latest.current, suggestions);
      onChange({ ...next, aiFilled: true });
      const failed = [t, n, g].every((r) => r.status === 'rejected');
      setState(
        failed
          ? { status: 'failed', message: 'Auto fill with AI could not reach the text AI; use AI Suggest or write your own.' }
          : { status: 'done', message: autoFillNotice(filled) },
      );
    })();
    // The request is read when the fill starts; later edits are merged through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, transcriptReady, draft.aiFilled]);

  return state;
}
