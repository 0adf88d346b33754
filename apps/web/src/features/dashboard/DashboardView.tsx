import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconMusic, IconSettings, IconUpload, IconUser, type IconProps } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { TMe } from '@ppp/contracts';
import { isAdminUser } from '../gate/decide-gate.ts';
import { displayName } from './display-name.ts';
import { BackgroundUploadsCard } from '../preupload/BackgroundUploadsCard.tsx';

interface QuickTool {
  title: string;
  body: string;
  to: string;
  icon: ComponentType<IconProps>;
  adminOnly?: boolean;
}

/** What a user can do today; later issues add shows, templates, media, episodes, subscription. */
const QUICK_TOOLS: readonly QuickTool[] = [
  { title: 'Upload Audio', body: 'Upload a recording to be transcribed and checked for Flubber, Intern and sound-effect cues.', to: '/dashboard/upload', icon: IconUpload },
  { title: 'Media', body: 'Your intros, outros, music and sound effects.', to: '/dashboard/media', icon: IconMusic },
  { title: 'Settings', body: 'Set your name, make text larger or raise the contrast, change your password.', to: '/dashboard/settings', icon: IconSettings },
  { title: 'Admin settings', body: 'Maintenance mode, new-account activation and the upload limit.', to: '/admin', icon: IconAdjustments, adminOnly: true },
];

export function DashboardView({ me }: { me: TMe }) {
  const admin = isAdminUser(me);
  const tools = QUICK_TOOLS.filter((t) => !t.adminOnly || admin);
  return (
    <Stack gap="xl" maw={960}>
      <div>
        <Title order={1}>Welcome, {displayName(me)}</Title>
        <Text c="dimmed" mt={4}>
          Your workspace is ready. Here is what you can do right now.
        </Text>
      </div>

      <Card withBorder padding="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light">
            <IconUser size={22} aria-hidden="true" />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={700}>Your account</Text>
            <Text size="sm">{me.email}</Text>
            <Group gap="xs">
              <Badge variant="light" tt="capitalize">{me.tier} plan</Badge>
              {admin && <Badge variant="light" color="grape">Administrator</Badge>}
              {me.terms_version_accepted && (
                <Badge variant="light" color="gray">Terms {me.terms_version_accepted} accepted</Badge>
              )}
            </Group>
          </Stack>
        </Group>
      </Card>

      <BackgroundUploadsCard />

      <section aria-labelledby="quick-tools-title">
        <Title order={2} size="h3" mb="md" id="quick-tools-title">
          Quick Tools
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {tools.map((tool) => (
            <UnstyledButton key={tool.to} component={Link} to={tool.to} aria-label={tool.title}>
              <Card withBorder padding="lg" h="100%">
                <Group wrap="nowrap" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light">
                    <tool.icon size={22} aria-hidden="true" />
                  </ThemeIcon>
                  <div>
                    <Text fw={700}>{tool.title}</Text>
                    <Text size="sm" c="dimmed">{tool.body}</Text>
                  </div>
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
