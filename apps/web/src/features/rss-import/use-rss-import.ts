import { useState } from 'react';
import { isSpreakerUrl, type TVisibility } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { progressOf, urlError } from './import-progress.ts';

const POLL_MS = 1000;

/** The import form's fields: the feed URL and its error, and the Spreaker options. */
function useImportFields() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [linkSpreaker, setLinkSpreaker] = useState(true);
  const [autoPublish, setAutoPublish] = useState(false);
  const [publishState, setPublishState] = useState<TVisibility>('public');
  return { url, setUrl, error, setError, linkSpreaker, setLinkSpreaker, autoPublish, setAutoPublish, publishState, setPublishState };
}

export type TImportFields = ReturnType<typeof useImportFields>;

/**
 * The Import from RSS page's data: the form's fields, the preview of the feed, the import started from it
 * and its status read every second until it is finished.
 */
export function useRssImport() {
  const fields = useImportFields();
  const [importId, setImportId] = useState<string | null>(null);
  const preview = trpc.rssImport.preview.useMutation();
  const start = trpc.rssImport.start.useMutation({ onSuccess: (r) => setImportId(r.import_id) });
  const status = trpc.rssImport.status.useQuery(
    { import_id: importId ?? '' },
    { enabled: importId !== null, refetchInterval: (q) => (q.state.data && progressOf(q.state.data).finished ? false : POLL_MS) },
  );
  const connection = trpc.spreaker.status.useQuery();
  const connected = connection.data?.connected ?? false;
  const spreaker = isSpreakerUrl(fields.url);
  const onPreview = () => {
    const problem = urlError(fields.url);
    fields.setError(problem);
    setImportId(null);
    start.reset();
    if (!problem) preview.mutate({ rss_url: fields.url });
  };
  const onImport = () =>
    start.mutate({
      rss_url: fields.url,
      attempt_link_spreaker: spreaker && fields.linkSpreaker,
      auto_publish_to_spreaker: connected && fields.autoPublish,
      publish_state: fields.publishState,
    });
  return {
    fields,
    spreaker,
    connected,
    preview,
    start,
    importing: importId !== null,
    result: importId ? (status.data ?? start.data) : undefined,
    failure: preview.error ?? start.error,
    onPreview,
    onImport,
  };
}
