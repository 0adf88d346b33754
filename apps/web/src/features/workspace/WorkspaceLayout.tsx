import { Suspense, useEffect } from 'react';
import { AppShell, ActionIcon, Badge, Breadcrumbs, Burger, Button, Center, Group, Loader, NavLink, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MESSAGES, PAYMENTS, type TMe } from '@ppp/contracts';
import { DashboardBrand } from './DashboardBrand.tsx';
import { useSignOut } from '../../lib/use-session.ts';
import { isAdminUser } from '../gate/decide-gate.ts';
import { DashboardView } from '../dashboard/DashboardView.tsx';
import { NotFoundContent } from '../errors/NotFoundPage.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { hasPendingCheckout } from '../billing/billing-intent.ts';
import { useBillingNavigationListener } from '../episode-creator/details/billing-navigation.ts';
import {
  SettingsView,
  AdminPanel,
  MediaLibraryView,
  PreuploadView,
  AudioSettingsView,
  RssImportView,
  PodcastManagerView,
  TemplatesView,
  TemplateEditorView,
  EpisodeHistoryView,
  EpisodeCreatorView,
  RecorderView,
  WebsiteBuilderView,
  SubscriptionView,
} from './lazy-views.tsx';
import { workspaceNewEpisodePath } from '../ab-workspace/ab-storage.ts';
import { ReadOnlyBanner, WorkspaceSwitcher } from '../team/WorkspaceSwitcher.tsx';
import { useCan, useCurrentWorkspace } from '../team/use-workspace.ts';
import { canAct } from '../team/workspace-role.ts';
import { NEW_EPISODE_PATH, navEntriesFor, viewForPath, viewLabel, type WorkspaceView } from './workspace-nav.ts';

/** While a screen's chunk loads: a quiet spinner in the content area, the shell stays. */
function ViewLoading() {
  return (
    <Center mih={240} aria-busy="true">
      <Loader size="md" aria-label="Loading" />
    </Center>
  );
}

function ViewContent({ view, me }: { view: WorkspaceView; me: TMe }) {
  switch (view) {
    case 'dashboard':
      return <DashboardView me={me} />;
    case 'settings':
      return <SettingsView me={me} />;
    case 'admin':
      return <AdminPanel />;
    case 'media-library':
      return <MediaLibraryView />;
    case 'preupload':
      return <PreuploadView me={me} />;
    case 'audio-settings':
      return <AudioSettingsView />;
    case 'rssImporter':
      return <RssImportView />;
    case 'podcast-manager':
      return <PodcastManagerView />;
    case 'my-templates':
      return <TemplatesView />;
    case 'template-editor':
      return <TemplateEditorView />;
    case 'episode-history':
      return <EpisodeHistoryView />;
    case 'createEpisode':
      return <EpisodeCreatorView />;
    case 'recorder':
      return <RecorderView />;
    case 'websiteBuilder':
      return <WebsiteBuilderView />;
    case 'billing':
      return <SubscriptionView />;
    case 'not-found':
      return (
        <>
          <Text component="h1" fw={750} size="xl">
            {MESSAGES.pageNotFound}
          </Text>
          <NotFoundContent />
        </>
      );
  }
}

/** Where the workspace sends the user by itself: the billing screen a step asked for, and a checkout chosen before signing in. */
function useWorkspaceRedirects(view: WorkspaceView) {
  const navigate = useNavigate();
  useBillingNavigationListener((path) => void navigate(path));
  // A plan chosen on the pricing page before signing in: the Subscription view starts its checkout.
  useEffect(() => {
    if (view !== 'billing' && hasPendingCheckout()) void navigate(PAYMENTS.subscriptionPath, { replace: true });
  }, [view, navigate]);
}

type Toggle = ReturnType<typeof useDisclosure>[1];

/** The workspace (spec 002 section 2.3): top bar, collapsible side navigation, breadcrumb, in-app views. */
export function WorkspaceLayout({ me }: { me: TMe }) {
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const location = useLocation();
  const admin = isAdminUser(me);
  const view = viewForPath(location.pathname, admin);
  useWorkspaceRedirects(view);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }}
      padding="lg"
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <WorkspaceBrand admin={admin} mobileOpen={mobileOpen} mobile={mobile} desktopOpen={desktopOpen} desktop={desktop} />
          <WorkspaceTopNav view={view} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Workspace">
        <WorkspaceSideNav me={me} admin={admin} view={view} onNavigate={mobile.close} />
      </AppShell.Navbar>

      <AppShell.Main>
        <ReadOnlyBanner />
        <Breadcrumbs mb="lg" aria-label="Breadcrumb" separator="/">
          <Text size="sm" c="dimmed">
            Plus Plus workspace
          </Text>
          <Text size="sm" fw={600} data-testid="breadcrumb-view">
            {viewLabel(view)}
          </Text>
        </Breadcrumbs>
        <Suspense fallback={<ViewLoading />}>
          <ViewContent view={view} me={me} />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

interface BrandProps {
  admin: boolean;
  mobileOpen: boolean;
  mobile: Toggle;
  desktopOpen: boolean;
  desktop: Toggle;
}

/** The navigation toggles (burger on a phone, collapse on a desktop), the brand, the Admin badge and the workspace switcher. */
function WorkspaceBrand({ admin, mobileOpen, mobile, desktopOpen, desktop }: BrandProps) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Burger opened={mobileOpen} onClick={mobile.toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
      <Tooltip label={desktopOpen ? 'Hide navigation' : 'Show navigation'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={desktop.toggle}
          visibleFrom="sm"
          aria-label={desktopOpen ? 'Hide navigation' : 'Show navigation'}
          aria-expanded={desktopOpen}
        >
          {desktopOpen ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
        </ActionIcon>
      </Tooltip>
      <DashboardBrand />
      {admin && (
        <Badge variant="filled" color="grape">
          Admin
        </Badge>
      )}
      <WorkspaceSwitcher />
    </Group>
  );
}

/** Dashboard, New Episode, Settings, the notifications and Log out. */
function WorkspaceTopNav({ view }: { view: WorkspaceView }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const edits = useCan('edit');
  async function logout() {
    await signOut();
    void navigate('/', { replace: true });
  }
  return (
    <Group gap="xs" wrap="nowrap" component="nav" aria-label="Top bar">
      <Button component={Link} to="/dashboard" variant={view === 'dashboard' ? 'light' : 'subtle'} visibleFrom="sm">
        Dashboard
      </Button>
      {edits && (
        <Button
          component={Link}
          to={workspaceNewEpisodePath(NEW_EPISODE_PATH)}
          variant={view === 'createEpisode' ? 'light' : 'subtle'}
          visibleFrom="sm"
        >
          New Episode
        </Button>
      )}
      <Button component={Link} to="/dashboard/settings" variant={view === 'settings' ? 'light' : 'subtle'} visibleFrom="sm">
        Settings
      </Button>
      <NotificationBell />
      <Tooltip label="Log out">
        <ActionIcon variant="default" size="lg" onClick={() => void logout()} aria-label="Log out">
          <IconLogout size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The side navigation (its entries for this user) and who is signed in. */
function WorkspaceSideNav({ me, admin, view, onNavigate }: { me: TMe; admin: boolean; view: WorkspaceView; onNavigate: () => void }) {
  const { role, readOnly } = useCurrentWorkspace();
  return (
    <>
      <AppShell.Section grow>
        {navEntriesFor(admin, (action) => canAct(role, readOnly, action)).map((entry) => (
          <NavLink
            key={entry.view}
            component={Link}
            to={entry.path}
            label={entry.label}
            leftSection={<entry.icon size={18} aria-hidden="true" />}
            active={entry.view === view}
            aria-current={entry.view === view ? 'page' : undefined}
            onClick={onNavigate}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </AppShell.Section>
      <AppShell.Section>
        <Text size="xs" c="dimmed" truncate="end" px="sm" title={me.email}>
          Signed in as {me.email}
        </Text>
      </AppShell.Section>
    </>
  );
}
