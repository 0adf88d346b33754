import { useState } from 'react';
import { Alert, Button, Card, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { RERENDER_ACTION, rerenderDialogText, rerenderToast } from './rerender-text.ts';

/**
 * The template action 'Re-render episodes made with this template' (issue 5): a confirm dialog with
 * the server's count, then assembly.rerenderTemplate and a toast with what was queued and skipped.
 * A re-render uses the saved template, so the action waits while the editor has unsaved changes.
 */
export function RerenderCard({ templateId, dirty }: { templateId: string; dirty: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Episodes made with it
        </Title>
        <Text size="xs" c="dimmed">
          {dirty
            ? 'Save your changes first: a re-render uses the saved template.'
            : 'Changed the intro, outro or music? Render the episodes again with the template as saved.'}
        </Text>
        <Button
          variant="light"
          size="xs"
          h="auto"
          py={6}
          leftSection={<IconRefresh size={14} />}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          disabled={dirty}
          onClick={() => setOpened(true)}
        >
          {RERENDER_ACTION}
        </Button>
      </Stack>
      {opened ? <RerenderDialog templateId={templateId} onClose={() => setOpened(false)} /> : null}
    </Card>
  );
}

function RerenderDialog({ templateId, onClose }: { templateId: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const preview = trpc.assembly.rerenderTemplatePreview.useQuery({ id: templateId }, { staleTime: 0, gcTime: 0 });
  const rerender = trpc.assembly.rerenderTemplate.useMutation({
    onSuccess: async (result) => {
      notifications.show({ color: result.queued.length > 0 ? 'green' : 'gray', ...rerenderToast(result) });
      await utils.assembly.rerenderTemplatePreview.invalidate({ id: templateId });
      onClose();
    },
    onError: (err) =>
      notifications.show({ color: 'red', title: 'Re-render failed', message: toApiFailure(err).message ?? 'Re-render failed' }),
  });
  const text = preview.data ? rerenderDialogText(preview.data) : null;
  return (
    <Modal opened onClose={onClose} title={RERENDER_ACTION} size="md">
      <Stack gap="sm">
        {preview.isPending ? <Loader size="sm" aria-label="Counting episodes" /> : null}
        {preview.isError ? <Alert color="red">{toApiFailure(preview.error).message ?? 'Could not count the episodes.'}</Alert> : null}
        {text ? (
          <>
            <Text size="sm" fw={500}>
              {text.summary}
            </Text>
            {text.details.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </>
        ) : null}
        <DialogActions onCancel={onClose}>
          <Button disabled={!text?.canConfirm} loading={rerender.isPending} onClick={() => rerender.mutate({ id: templateId })}>
            Re-render
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
