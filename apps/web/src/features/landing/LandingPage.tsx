import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Accordion,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconMicrophone, IconScissors, IconBroadcast } from '@tabler/icons-react';
import { MESSAGES } from '@ppp/contracts';
import { BrandLogo } from '@ppp/ui';
import { SignInDialog } from '../sign-in/SignInDialog.tsx';
import { BENEFITS, FAQS, HOW_IT_WORKS, LANDING_STATS } from './landing-content.ts';
import { LandingFooter } from './LandingFooter.tsx';

const STEP_ICONS = [IconMicrophone, IconScissors, IconBroadcast] as const;

/** The public landing page (spec 002 section 2.5); ?login=1 opens the sign-in dialog at once. */
export function LandingPage({ googleSignIn }: { googleSignIn: boolean }) {
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<'login' | 'register' | null>(search.get('login') === '1' ? 'login' : null);
  const [showSteps, setShowSteps] = useState(false);

  function closeDialog() {
    setDialog(null);
    if (search.has('login')) {
      const next = new URLSearchParams(search);
      next.delete('login');
      setSearch(next, { replace: true });
    }
  }

  function seeHowItWorks() {
    setShowSteps((v) => !v);
    document.getElementById('how-it-works')?.scrollIntoView({ behavior: 'smooth' });
  }

  return (
    <Box>
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <BrandLogo />
            <Group gap="lg" wrap="nowrap">
              <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Landing">
                <Anchor href="#how-it-works" c="dimmed">How it works</Anchor>
                <Anchor href="#faq" c="dimmed">FAQ</Anchor>
                <Anchor href="/subscriptions" c="dimmed">Pricing</Anchor>
              </Group>
              <Button onClick={() => setDialog('login')}>Sign In</Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Box component="main">
        <Box py={{ base: 48, sm: 96 }} style={{ background: 'linear-gradient(180deg, var(--mantine-color-violet-0), transparent)' }}>
          <Container size="md">
            <Stack align="center" gap="lg" ta="center">
              <Group gap="xs" justify="center">
                <Badge variant="light" size="lg">Free 14-day trial</Badge>
                <Badge variant="light" size="lg" color="teal">No credit card required</Badge>
              </Group>
              <Title order={1} fz={{ base: 36, sm: 56 }} lh={1.1}>
                Your podcast, produced in minutes
              </Title>
              <Text size="lg" c="dimmed" maw={620}>
                Record or upload, let spoken commands and templates do the editing, and publish to 20+ platforms.
                Join over 10,000 podcasters.
              </Text>
              <Group justify="center">
                <Button size="lg" onClick={() => setDialog('register')}>
                  {MESSAGES.makeFirstEpisode}
                </Button>
                <Button size="lg" variant="default" onClick={seeHowItWorks} aria-expanded={showSteps} aria-controls="how-it-works">
                  See how it works
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>

        <Container size="lg" py="xl">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" aria-label="Statistics">
            {LANDING_STATS.map((s) => (
              <Stack key={s.label} gap={0} align="center">
                <Text fz={36} fw={800} c="violet">{s.value}</Text>
                <Text c="dimmed">{s.label}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>

        <Container size="lg" py="xl" id="how-it-works" component="section">
          <Title order={2} ta="center" mb="xl">How it works</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {HOW_IT_WORKS.map((step, i) => {
              const Icon = STEP_ICONS[i] ?? IconMicrophone;
              return (
                <Card key={step.title} withBorder padding="lg" shadow={showSteps ? 'md' : undefined}>
                  <ThemeIcon size={44} radius="md" variant="light" mb="md">
                    <Icon size={24} aria-hidden="true" />
                  </ThemeIcon>
                  <Text fw={700} mb={4}>{`${i + 1}. ${step.title}`}</Text>
                  <Text c="dimmed" size="sm">{step.body}</Text>
                </Card>
              );
            })}
          </SimpleGrid>
        </Container>

        <Container size="lg" py="xl" component="section" aria-labelledby="benefits-title">
          <Title order={2} ta="center" mb="xl" id="benefits-title">Why creators switch</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {BENEFITS.map((b) => (
              <Group key={b.title} align="flex-start" wrap="nowrap" gap="sm">
                <ThemeIcon color="teal" variant="light" radius="xl" size={28}>
                  <IconCheck size={16} aria-hidden="true" />
                </ThemeIcon>
                <div>
                  <Text fw={700}>{b.title}</Text>
                  <Text c="dimmed" size="sm">{b.body}</Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
        </Container>

        <Container size="md" py="xl" id="faq" component="section">
          <Title order={2} ta="center" mb="xs">Frequently asked questions</Title>
          <Text c="dimmed" ta="center" mb="xl">Everything you need to know before your first episode.</Text>
          <Accordion variant="separated">
            {FAQS.map((f) => (
              <Accordion.Item key={f.question} value={f.question}>
                <Accordion.Control>{f.question}</Accordion.Control>
                <Accordion.Panel>{f.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Container>

        <Container size="md" py={64}>
          <Card padding="xl" radius="lg" bg="violet.7" c="white" ta="center">
            <Title order={2} mb="sm">Ready to hit record?</Title>
            <Text mb="lg">Your first episode is five minutes away. Cancel anytime.</Text>
            <Group justify="center">
              <Button size="md" variant="white" onClick={() => setDialog('register')}>
                {MESSAGES.makeFirstEpisode}
              </Button>
            </Group>
          </Card>
        </Container>
      </Box>

      <LandingFooter />
      {dialog && (
        <SignInDialog opened onClose={closeDialog} initialMode={dialog} googleSignIn={googleSignIn} />
      )}
    </Box>
  );
}
