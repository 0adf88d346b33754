import { useState } from 'react';
import { Alert, Anchor, Button, Group, ScrollArea, Text, Typography } from '@mantine/core';
import { MESSAGES, TERMS, type TMe } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useSignOut } from '../../lib/use-session.ts';
import { TermsContent } from '../legal/TermsContent.tsx';

/** 'Updated Terms of Use' (spec 002 section 2.8): accept the required version before using the app. */
export function TermsAcceptancePage({ me }: { me: TMe }) {
  const [error, setError] = useState<string | null>(null);
  const accept = trpc.auth.acceptTerms.useMutation();
  const utils = trpc.useUtils();
  const signOut = useSignOut();
  const version = me.terms_version_required || null;

  async function agree() {
    if (!version) return;
    setError(null);
    try {
      const updated = await accept.mutateAsync({ version });
      utils.users.me.setData(undefined, updated);
    } catch (err) {
      setError(toApiFailure(err).message ?? MESSAGES.termsAcceptFailed);
    }
  }

  return (
    <CenteredCard title={MESSAGES.updatedTerms} width={680}>
      <Text>
        Please review and accept the Terms of Use to keep using Podcast Plus Plus.
        {version && (
          <>
            {' '}
            Required version: <strong>{version}</strong>.
          </>
        )}
      </Text>
      <Anchor href={TERMS.url} target="_blank" rel="noopener noreferrer">
        Open the Terms of Use in a new tab
      </Anchor>
      <TermsText />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => void signOut()}>
          Sign out
        </Button>
        <Button onClick={agree} disabled={!version} loading={accept.isPending}>
          I Agree
        </Button>
      </Group>
    </CenteredCard>
  );
}

/** The Terms of Use in a bordered box that scrolls (and takes focus, so a keyboard can scroll it). */
function TermsText() {
  return (
    <ScrollArea.Autosize
      mah={320}
      type="auto"
      offsetScrollbars
      tabIndex={0}
      aria-label="Terms of Use text"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Typography p="md">
        <TermsContent compact />
      </Typography>
    </ScrollArea.Autosize>
  );
}
