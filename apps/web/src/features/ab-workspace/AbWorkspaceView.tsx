import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, AppShell, Breadcrumbs, Button, Container, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AB_MESSAGES, AB_WORKSPACE, type TAbDraft, type TMe, type TPodcast } from '@ppp/contracts';
import { DashboardBrand } from '../workspace/DashboardBrand.tsx';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { useSignOut } from '../../lib/use-session.ts';
import { saveLocalDrafts } from './ab-storage.ts';
import { useAbUploads } from './use-ab-uploads.ts';
import { AbUploadPage } from './AbUploadPage.tsx';
import { AbDraftPage } from './AbDraftPage.tsx';
import { AB_UPLOAD_PARAM, abViewFor, type AbView } from './ab-routing.ts';
const VIEW_LABELS: Record<AbView, string> = {
  'creator-upload': 'New Episode',
  'creator-finalize': 'Finalize',
  'creator-step3': 'Intro and outro',
};

/** The drafts of a show, polled every 5 s while a transcript is pending (spec 002 §4). */
function useDrafts(showId: string | null) {
  const drafts = trpc.abWorkspace.drafts.useQuery(
    { podcast_id: showId ?? undefined },
    { refetchInterval: (q) => (q.state.data?.items.some((d) => d.transcript === 'processing') ? AB_WORKSPACE.transcriptPollMs : false) },
  );
  useEffect(() => {
    if (drafts.data) saveLocalDrafts(drafts.data.items);
  }, [drafts.data]);
  return drafts;
}

/**
 * A finished recording arrives as /ab?upload={id} (spec 002 §2.3): once the shows are known it
 * becomes a draft of the current show (the same draft when it already is one) and opens.
 */
function useRecordingDraft(showId: string | null | undefined, onDraft: (draft: TAbDraft) => void) {
  const [params, setParams] = useSearchParams();
  const register = trpc.abWorkspace.upload.useMutation();
  const utils = trpc.useUtils();
  const mediaId = params.get(AB_UPLOAD_PARAM);
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!mediaId || showId === undefined || started.current === mediaId) return;
    started.current = mediaId;
    register
      .mutateAsync({ media_id: mediaId, podcast_id: showId })
      .then(async (draft) => {
        await utils.abWorkspace.drafts.invalidate();
        onDraft(draft);
      })
      .catch((error: unknown) => {
        notifications.show({ color: 'red', title: AB_MESSAGES.fileNotAvailable, message: messageOf(error, 'Please try again.') });
      })
      .finally(() =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(AB_UPLOAD_PARAM);
            return next;
          },
          { replace: true },
        ),
      );
  }, [mediaId, showId, register, utils, onDraft, setParams]);
}

/** Deleting a draft: it leaves the uploads list too, and stops being the open one. */
function useDeleteDraft(uploads: ReturnType<typeof useAbUploads>) {
  const utils = trpc.useUtils();
  const remove = trpc.abWorkspace.deleteDraft.useMutation();
  return async function deleteDraft(target: TAbDraft) {
    try {
      await remove.mutateAsync({ id: target.id });
      uploads.forget(target.filename);
      if (uploads.draftId === target.id) uploads.choose(null);
      await utils.abWorkspace.drafts.invalidate();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Delete failed', message: messageOf(error, 'Please try again.') });
    }
  };
}

/** The second workspace layout (spec 002 §2.3, issue 22): upload first, then the checklist, intro/outro and finalize. */
export function AbWorkspaceView({ me }: { me: TMe }) {
  const shows = trpc.podcasts.list.useQuery();
  const [showId, setShowId] = useState<string | null>(null);
  const [view, setView] = useState<AbView>('creator-upload');
  const currentShow = showId ?? shows.data?.[0]?.id ?? null;
  const drafts = useDrafts(currentShow);
  // Opening a draft goes to finalize when its transcript is ready, otherwise to upload.
  const open = useCallback((draft: TAbDraft) => setView(abViewFor(draft)), []);
  const uploads = useAbUploads(open);
  const openDraft = (d: TAbDraft) => {
    uploads.choose(d.id);
    open(d);
  };
  useRecordingDraft(shows.isSuccess ? currentShow : undefined, openDraft);
  const deleteDraft = useDeleteDraft(uploads);
  const draft = drafts.data?.items.find((d) => d.id === uploads.draftId) ?? null;

  return (
    <AppShell header={{ height: 60 }} padding="lg">
      <AppShell.Header px="md">
        <AbTopBar view={view} onNewEpisode={() => setView('creator-upload')} />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="md" px={0}>
          <Stack gap="lg">
            <AbShowBar view={view} shows={shows.data ?? []} currentShow={currentShow} onShow={setShowId} />
            {shows.data?.length === 0 && (
              <Alert color="yellow">
                Create a show in <Link to="/dashboard/podcasts">My Podcasts</Link> first; drafts belong to a show.
              </Alert>
            )}
            {view === 'creator-upload' || !draft ? (
              <AbUploadPage
                uploads={uploads.uploads}
                drafts={drafts.data?.items ?? []}
                loading={drafts.isPending}
                onUpload={(file, nickname) => uploads.start(file, nickname, currentShow)}
                onOpen={openDraft}
                onDelete={(d) => void deleteDraft(d)}
              />
            ) : (
              <AbDraftPage draft={draft} view={view} onView={setView} me={me} />
            )}
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** The brand, Dashboard, New Episode and Log out. */
function AbTopBar({ view, onNewEpisode }: { view: AbView; onNewEpisode: () => void }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Group h="100%" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <DashboardBrand />
      </Group>
      <Group gap="xs" wrap="nowrap" component="nav" aria-label="Top bar">
        <Button component={Link} to="/dashboard" variant="subtle" visibleFrom="sm">
          Dashboard
        </Button>
        <Button variant={view === 'creator-upload' ? 'light' : 'subtle'} onClick={onNewEpisode}>
          New Episode
        </Button>
        <Tooltip label="Log out">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Log out"
            onClick={() => void signOut().then(() => navigate('/', { replace: true }))}
          >
            <IconLogout size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

interface ShowBarProps {
  view: AbView;
  shows: readonly TPodcast[];
  currentShow: string | null;
  onShow: (id: string | null) => void;
}

/** Where the user is, and the show whose drafts are listed. */
function AbShowBar({ view, shows, currentShow, onShow }: ShowBarProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Breadcrumbs aria-label="Breadcrumb" separator="/">
        <Text size="sm" c="dimmed">
          Plus Plus workspace
        </Text>
        <Text size="sm" fw={600} data-testid="breadcrumb-view">
          {VIEW_LABELS[view]}
        </Text>
      </Breadcrumbs>
      <Select
        aria-label="Show"
        size="sm"
        w={240}
        data={shows.map((s) => ({ value: s.id, label: s.name }))}
        value={currentShow}
        onChange={onShow}
        allowDeselect={false}
      />
    </Group>
  );
}
