import { Card, Group, Radio, SimpleGrid, Stack, Text, TextInput, Textarea, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconMicrophone2, IconRss } from '@tabler/icons-react';
import { ONBOARDING_MESSAGES, PODCAST_MESSAGES } from '@ppp/contracts';
import { ShowBasicsFields } from '../../podcast-manager/ShowBasicsFields.tsx';
import type { TShowFormat, TWizardPath } from '../wizard.ts';
import type { StepProps } from './step-props.ts';

export function YourNameStep({ state, update, error }: StepProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="First name"
        required
        autoComplete="given-name"
        value={state.firstName}
        onChange={(e) => update({ firstName: e.currentTarget.value })}
        error={error === ONBOARDING_MESSAGES.firstNameRequired ? error : null}
        data-autofocus
      />
      <TextInput
        label="Last name"
        description="Optional"
        autoComplete="family-name"
        value={state.lastName}
        onChange={(e) => update({ lastName: e.currentTarget.value })}
      />
    </SimpleGrid>
  );
}

const PATHS: { path: TWizardPath; title: string; text: string; icon: typeof IconRss }[] = [
  {
    path: 'new',
    title: 'Start a new show',
    text: 'Name it, add cover art, make an intro and outro, pick music and a publishing rhythm.',
    icon: IconMicrophone2,
  },
  {
    path: 'import',
    title: 'Import an existing show',
    text: 'Bring your show and its episodes over from its RSS feed at your current host.',
    icon: IconRss,
  },
];

/** Two choices instead of Next (it is hidden here): each one moves on by itself. */
export function ChoosePathStep({ onChoose }: { onChoose: (path: TWizardPath) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {PATHS.map(({ path, title, text, icon: Icon }) => (
        <UnstyledButton key={path} onClick={() => onChoose(path)} aria-label={title}>
          <Card withBorder padding="lg" radius="md" h="100%">
            <Stack gap="xs">
              <ThemeIcon size={44} radius="md" variant="light">
                <Icon size={24} aria-hidden="true" />
              </ThemeIcon>
              <Text fw={700} size="lg">
                {title}
              </Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

export function ShowDetailsStep({ state, update, error }: StepProps) {
  return (
    <Stack>
      <TextInput
        label="Show name"
        required
        description="At least 4 characters."
        value={state.podcastName}
        onChange={(e) => update({ podcastName: e.currentTarget.value })}
        error={error === ONBOARDING_MESSAGES.nameMin ? error : null}
        data-autofocus
      />
      <Textarea
        label="Description"
        required
        description="What is the show about? Listeners see this in podcast apps."
        autosize
        minRows={3}
        maxRows={8}
        value={state.podcastDescription}
        onChange={(e) => update({ podcastDescription: e.currentTarget.value })}
        error={error === ONBOARDING_MESSAGES.descriptionRequired ? error : null}
      />
      <ShowBasicsFields
        value={{ language: state.showLanguage, author: state.showAuthor, category: state.showCategory }}
        onChange={(next) => update({ showLanguage: next.language, showAuthor: next.author, showCategory: next.category })}
        categoryError={error === PODCAST_MESSAGES.categoryRequired ? error : null}
        authorPlaceholder={`${state.firstName} ${state.lastName}`.trim()}
      />
      <TextInput
        label="Owner email"
        type="email"
        description="Written in the public feed as the show's owner: Apple Podcasts and other directories send their ownership codes to it."
        value={state.showOwnerEmail}
        onChange={(e) => update({ showOwnerEmail: e.currentTarget.value })}
        error={error === ONBOARDING_MESSAGES.ownerEmailInvalid ? error : null}
      />
    </Stack>
  );
}

const FORMATS: { value: TShowFormat; label: string; text: string }[] = [
  { value: 'solo', label: 'Solo', text: 'Just you, talking to your listeners.' },
  { value: 'interview', label: 'Interview', text: 'You and a guest each episode.' },
  { value: 'cohosted', label: 'Co-hosted', text: 'Two or more regular hosts.' },
  { value: 'storytelling', label: 'Storytelling', text: 'Narrative episodes, fiction or documentary.' },
];

export function FormatStep({ state, update }: StepProps) {
  return (
    <Radio.Group
      value={state.format}
      onChange={(value) => update({ format: value as TShowFormat })}
      label="Format"
      description="It shapes your default intro."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
        {FORMATS.map((f) => (
          <Radio.Card key={f.value} value={f.value} radius="md" p="md" withBorder>
            <Group wrap="nowrap" align="flex-start">
              <Radio.Indicator />
              <div>
                <Text fw={600}>{f.label}</Text>
                <Text size="sm" c="dimmed">
                  {f.text}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
