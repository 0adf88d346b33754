import { useEffect, useState, type CSSProperties } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { BrandLogo, themeScaleFor, useDisplayOptions } from '@ppp/ui';
import {
  DEMO_DONE,
  DEMO_PUBLISH_DAYS,
  DEMO_STEPS,
  demoBack,
  demoNext,
  isLastDemoStep,
  type DemoAnswers,
  type TDemoPublishDay,
} from './demo-steps.ts';

/**
 * The demo wizard at /onboarding-demo (spec 002 section 2.9): three steps with tips, its own
 * large-text and high-contrast preference (starting from the display options, never stored), and
 * 'Done!' at the end. Nothing is saved or sent.
 */
export function OnboardingDemoPage() {
  const display = useDisplayOptions();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<DemoAnswers>({ showName: '', artwork: null, publishDay: 'Mon' });
  const [largeText, setLargeText] = useState(display.options.largeText);
  const [highContrast, setHighContrast] = useState(display.options.highContrast);
  const current = DEMO_STEPS[step] ?? DEMO_STEPS[0];

  useEffect(
    () => () => {
      if (answers.artwork) URL.revokeObjectURL(answers.artwork);
    },
    [answers.artwork],
  );

  const next = () => {
    if (isLastDemoStep(step)) window.alert(DEMO_DONE);
    else setStep(demoNext(step));
  };

  return (
    <Box
      mih="100vh"
      bg={highContrast ? 'white' : 'var(--mantine-color-gray-0)'}
      c={highContrast ? 'black' : undefined}
      // Mantine sizes are rem times --mantine-scale: setting it here enlarges this page only.
      style={{ '--mantine-scale': String(themeScaleFor({ largeText, highContrast })) } as CSSProperties}
      data-high-contrast={highContrast || undefined}
    >
      <Container size="sm" py="xl">
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <BrandLogo />
            <Group gap="md">
              <Switch
                label="Large text"
                checked={largeText}
                onChange={(e) => setLargeText(e.currentTarget.checked)}
                size={largeText ? 'md' : 'sm'}
              />
              <Switch
                label="High contrast"
                checked={highContrast}
                onChange={(e) => setHighContrast(e.currentTarget.checked)}
                size={largeText ? 'md' : 'sm'}
              />
            </Group>
          </Group>
          <Card
            withBorder
            radius="lg"
            padding="xl"
            shadow="sm"
            component="main"
            style={highContrast ? { borderColor: 'black', borderWidth: 2 } : undefined}
          >
            <Stack gap="lg">
              <Text size="sm" c={highContrast ? 'black' : 'dimmed'}>
                Demo: nothing you enter here is saved.
              </Text>
              <Stepper active={step} onStepClick={setStep} size={largeText ? 'md' : 'sm'} color={highContrast ? 'dark' : undefined}>
                {DEMO_STEPS.map((s) => (
                  <Stepper.Step key={s.key} label={s.title} />
                ))}
              </Stepper>
              <Title order={1} size={largeText ? 'h1' : 'h2'}>
                {current.title}
              </Title>
              {current.key === 'name' ? (
                <TextInput
                  label="Show name"
                  size={largeText ? 'lg' : 'md'}
                  value={answers.showName}
                  onChange={(e) => setAnswers({ ...answers, showName: e.currentTarget.value })}
                />
              ) : null}
              {current.key === 'artwork' ? (
                <Group align="center">
                  {answers.artwork ? <Image src={answers.artwork} alt="Your artwork" w={140} h={140} radius="md" /> : null}
                  <FileButton
                    accept="image/png,image/jpeg"
                    onChange={(file) => file && setAnswers({ ...answers, artwork: URL.createObjectURL(file) })}
                  >
                    {(props) => (
                      <Button {...props} variant="default" size={largeText ? 'lg' : 'md'}>
                        Choose an image
                      </Button>
                    )}
                  </FileButton>
                </Group>
              ) : null}
              {current.key === 'publishDay' ? (
                <SegmentedControl
                  aria-label="Publish day"
                  size={largeText ? 'lg' : 'md'}
                  data={[...DEMO_PUBLISH_DAYS]}
                  value={answers.publishDay}
                  onChange={(day) => setAnswers({ ...answers, publishDay: day as TDemoPublishDay })}
                  color={highContrast ? 'dark' : undefined}
                />
              ) : null}
              <Alert
                icon={<IconBulb size={18} />}
                color={highContrast ? 'dark' : 'blue'}
                variant={highContrast ? 'outline' : 'light'}
                title="Tip"
              >
                {current.tip}
              </Alert>
              <Group justify="space-between">
                <Button variant="default" onClick={() => setStep(demoBack(step))} disabled={step === 0} size={largeText ? 'lg' : 'md'}>
                  Back
                </Button>
                <Button onClick={next} size={largeText ? 'lg' : 'md'} color={highContrast ? 'dark' : undefined}>
                  {isLastDemoStep(step) ? 'Finish' : 'Next'}
                </Button>
              </Group>
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
