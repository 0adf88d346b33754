import type { CSSProperties, ReactNode } from 'react';
import { Alert, Box, Button, Card, Container, Group, Stack, Stepper, Switch, Text, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { BrandLogo, themeScaleFor } from '@ppp/ui';
import { DEMO_STEPS, isLastDemoStep } from './demo-steps.ts';
import { DemoStepField } from './DemoStepField.tsx';
import { useOnboardingDemo, type DemoLook } from './use-onboarding-demo.ts';

/**
 * The demo wizard at /onboarding-demo (spec 002 section 2.9): three steps with tips, its own
 * large-text and high-contrast preference (starting from the display options, never stored), and
 * 'Done!' at the end. Nothing is saved or sent.
 */
export function OnboardingDemoPage() {
  const demo = useOnboardingDemo();
  const { step, current, look } = demo;
  const size = look.largeText ? 'lg' : 'md';
  const dark = look.highContrast ? 'dark' : undefined;
  return (
    <DemoFrame look={look} onLook={demo.setLook}>
      <Text size="sm" c={look.highContrast ? 'black' : 'dimmed'}>
        Demo: nothing you enter here is saved.
      </Text>
      <Stepper active={step} onStepClick={demo.setStep} size={look.largeText ? 'md' : 'sm'} color={dark}>
        {DEMO_STEPS.map((s) => (
          <Stepper.Step key={s.key} label={s.title} />
        ))}
      </Stepper>
      <Title order={1} size={look.largeText ? 'h1' : 'h2'}>
        {current.title}
      </Title>
      <DemoStepField stepKey={current.key} answers={demo.answers} onAnswers={demo.setAnswers} look={look} />
      <Alert icon={<IconBulb size={18} />} color={dark ?? 'blue'} variant={look.highContrast ? 'outline' : 'light'} title="Tip">
        {current.tip}
      </Alert>
      <Group justify="space-between">
        <Button variant="default" onClick={demo.back} disabled={step === 0} size={size}>
          Back
        </Button>
        <Button onClick={demo.next} size={size} color={dark}>
          {isLastDemoStep(step) ? 'Finish' : 'Next'}
        </Button>
      </Group>
    </DemoFrame>
  );
}

/** The page around the wizard's card: the logo and the look switches, sized by the demo's own scale. */
function DemoFrame({ look, onLook, children }: { look: DemoLook; onLook: (look: DemoLook) => void; children: ReactNode }) {
  const { highContrast } = look;
  return (
    <Box
      mih="100vh"
      bg={highContrast ? 'white' : 'var(--mantine-color-gray-0)'}
      c={highContrast ? 'black' : undefined}
      // Mantine sizes are rem times --mantine-scale: setting it here enlarges this page only.
      style={{ '--mantine-scale': String(themeScaleFor(look)) } as CSSProperties}
      data-high-contrast={highContrast || undefined}
    >
      <Container size="sm" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <BrandLogo />
            <LookSwitches look={look} onLook={onLook} />
          </Group>
          <Card
            withBorder
            radius="lg"
            padding="xl"
            shadow="sm"
            component="main"
            style={highContrast ? { borderColor: 'black', borderWidth: 2 } : undefined}
          >
            <Stack gap="lg">{children}</Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}

function LookSwitches({ look, onLook }: { look: DemoLook; onLook: (look: DemoLook) => void }) {
  const size = look.largeText ? 'md' : 'sm';
  return (
    <Group gap="md">
      <Switch
        label="Large text"
        checked={look.largeText}
        onChange={(e) => onLook({ ...look, largeText: e.currentTarget.checked })}
        size={size}
      />
      <Switch
        label="High contrast"
        checked={look.highContrast}
        onChange={(e) => onLook({ ...look, highContrast: e.currentTarget.checked })}
        size={size}
      />
    </Group>
  );
}
