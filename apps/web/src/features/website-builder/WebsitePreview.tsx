import { Alert, Card, Loader } from '@mantine/core';
import { WEBSITE_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

/**
 * The draft as the public will see it, in a sandboxed frame (the HTML comes through the owner's session).
 * Each answer of the preview gets a frame of its own: a srcdoc changed while the frame still loads the
 * previous one could leave the old draft on screen.
 */
export function WebsitePreview({ podcastId }: { podcastId: string }) {
  const preview = trpc.website.preview.useQuery({ podcast_id: podcastId });
  if (preview.isError) return <Alert color="red">{WEBSITE_MESSAGES.loadFailed}</Alert>;
  return (
    <Card withBorder padding={0} style={{ overflow: 'hidden' }}>
      {preview.data ? (
        <iframe
          key={preview.dataUpdatedAt}
          title="Site preview"
          srcDoc={preview.data.html}
          sandbox=""
          style={{ width: '100%', height: '75vh', border: 0, display: 'block', background: '#fff' }}
        />
      ) : (
        <Loader m="xl" aria-label="Loading preview" />
      )}
    </Card>
  );
}
