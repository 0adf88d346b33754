import { lazy, Suspense } from 'react';
import { Card, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { TMe } from '@ppp/contracts';
import { NameForm } from './NameForm.tsx';
import { DisplayOptionsCard } from './DisplayOptionsCard.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { SpreakerConnection } from '../podcast-manager/SpreakerConnection.tsx';
import { useSpreakerConnectedFlag } from '../podcast-manager/use-spreaker-connected-flag.ts';
import { ElevenLabsKeyCard } from './ElevenLabsKeyCard.tsx';

const TeamSettings = lazy(() => import('../team/TeamSettings.tsx').then((m) => ({ default: m.TeamSettings })));

/** The settings tabs; ?tab=team opens the team (issue 34). */
const TABS = ['account', 'team'] as const;
type SettingsTab = (typeof TABS)[number];

/** The settings screen (spec 002 section 2.12): the account's settings, and the team of the workspace. */
export function SettingsView({ me }: { me: TMe }) {
  useSpreakerConnectedFlag();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: SettingsTab = TABS.find((t) => t === asked) ?? 'account';
  return (
    <Stack gap="lg" maw={tab === 'team' ? 960 : 760}>
      <div>
        <Title order={1}>Settings</Title>
        <Text c="dimmed">
          {tab === 'team'
            ? 'Who works in your workspace, and the workspaces you belong to.'
            : 'Your name, how the app looks, and your password.'}
        </Text>
      </div>
      <Tabs
        value={tab}
        onChange={(next) => {
          const params = new URLSearchParams(search);
          if (next === 'team') params.set('tab', 'team');
          else params.delete('tab');
          setSearch(params, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="account">Account</Tabs.Tab>
          <Tabs.Tab value="team">Team</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">
          <AccountSettings me={me} />
        </Tabs.Panel>
        <Tabs.Panel value="team">
          <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
            <TeamSettings />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function AccountSettings({ me }: { me: TMe }) {
  return (
    <Stack gap="lg">
      <NameForm key={`${me.first_name ?? ''}|${me.last_name ?? ''}`} me={me} />
      <DisplayOptionsCard />
      <ChangePasswordForm />
      <Card withBorder padding="lg" aria-label="Podcast hosting">
        <Title order={2} size="h4" mb="xs">
          Podcast hosting
        </Title>
        <SpreakerConnection />
      </Card>
      <ElevenLabsKeyCard />
    </Stack>
  );
}
