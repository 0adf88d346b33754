import { Text } from '@mantine/core';
import { ADMIN_MESSAGES } from '@ppp/contracts';
import type { AdminTabKey } from './admin-tabs.ts';
import { OverviewTab } from './tabs/OverviewTab.tsx';
import { SettingsTab } from './tabs/SettingsTab.tsx';
import { HelpTab } from './tabs/HelpTab.tsx';
import { UsersTab } from './tabs/UsersTab.tsx';
import { PodcastsTab } from './tabs/PodcastsTab.tsx';
import { WaitlistTab } from './tabs/WaitlistTab.tsx';
import { OutboxTab } from './tabs/OutboxTab.tsx';
import { JobsTab } from './tabs/JobsTab.tsx';
import { TiersTab } from './tabs/TiersTab.tsx';
import { LandingTab } from './tabs/LandingTab.tsx';
import { MusicTab } from './tabs/MusicTab.tsx';
import { SpeechTab } from './tabs/SpeechTab.tsx';
import { BillingTab } from './tabs/BillingTab.tsx';
import { DbTab } from './tabs/DbTab.tsx';
import { AnalyticsTab } from './tabs/AnalyticsTab.tsx';
import { DevToolsTab } from './tabs/DevToolsTab.tsx';

/** One tab's content. */
export function AdminTabContent({ tab }: { tab: AdminTabKey }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab />;
    case 'users':
      return <UsersTab />;
    case 'podcasts':
      return <PodcastsTab />;
    case 'waitlist':
      return <WaitlistTab />;
    case 'outbox':
      return <OutboxTab />;
    case 'jobs':
      return <JobsTab />;
    case 'analytics':
      return <AnalyticsTab />;
    case 'tiers':
      return <TiersTab />;
    case 'music':
      return <MusicTab />;
    case 'speech':
      return <SpeechTab />;
    case 'landing':
      return <LandingTab />;
    case 'db':
      return <DbTab />;
    case 'settings':
      return <SettingsTab />;
    case 'billing':
      return <BillingTab />;
    case 'dev':
      return <DevToolsTab />;
    case 'help':
      return <HelpTab />;
    default:
      return <ComingSoon />;
  }
}

export function ComingSoon() {
  return (
    <Text c="dimmed" data-testid="admin-coming-soon">
      {ADMIN_MESSAGES.comingSoon}
    </Text>
  );
}
