import { Alert, Button, Card, Code, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { WEBSITE_MESSAGES, ZCustomDomain, type TWebsite } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useState } from 'react';

/** The custom domain (Pro and above), with the CNAME record to create; blank uses the default address. */
export function WebsiteDomainForm({
  podcastId,
  website,
  onSaved,
}: {
  podcastId: string;
  website: TWebsite;
  onSaved: (w: TWebsite) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const save = trpc.website.setDomain.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { custom_domain: website.custom_domain ?? '' },
    validate: { custom_domain: (value) => ZCustomDomain.safeParse(value).error?.issues[0]?.message ?? null },
  });
  async function submit(values: { custom_domain: string }) {
    setError(null);
    try {
      await onSaved(await save.mutateAsync({ podcast_id: podcastId, custom_domain: values.custom_domain }));
    } catch (err) {
      setError(toApiFailure(err).message ?? '');
    }
  }
  const example = website.custom_domain ?? 'www.myshow.com';
  return (
    <Card withBorder padding="md">
      <form onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Domain
          </Title>
          <Text size="sm">
            Default address: <Code>{website.default_domain ?? website.public_url}</Code>
          </Text>
          <TextInput
            label="Custom domain"
            placeholder="www.myshow.com"
            description="Leave blank to use the default address."
            disabled={!website.custom_domain_allowed}
            {...form.getInputProps('custom_domain')}
          />
          {website.custom_domain_allowed ? (
            <Text size="sm" c="dimmed">
              At your DNS provider add a CNAME record for <Code>{example}</Code> pointing to <Code>{website.cname_target}</Code>.
            </Text>
          ) : (
            <Alert color="gray">{WEBSITE_MESSAGES.customDomainPlan}</Alert>
          )}
          {error !== null && (
            <Text c="red" size="sm" role="alert">
              {WEBSITE_MESSAGES.domainFailed}
              {error ? `: ${error}` : ''}
            </Text>
          )}
          <Button type="submit" variant="default" disabled={!website.custom_domain_allowed} loading={save.isPending}>
            Save domain
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
