import { Alert, Button, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { LegalLayout } from '../legal/LegalLayout.tsx';
import { SALES_EMAIL, TOPICS, type TContactMessage } from './contact-mail.ts';
import { useContactForm, type ContactErrors } from './use-contact-form.ts';

/** /contact, the target of Contact Sales: a short form that opens the visitor's mail app. */
export function ContactPage() {
  return (
    <LegalLayout title="Contact Sales" updated="Teams, Enterprise, founders offers or billing: we answer within one business day.">
      <ContactForm />
      <OtherWaysToReachUs />
    </LegalLayout>
  );
}

function ContactForm() {
  const { values, errors, opened, set, submit } = useContactForm();
  return (
    <form onSubmit={submit} noValidate aria-label="Contact Sales">
      <Stack gap="md" maw={640}>
        <ContactFields values={values} errors={errors} set={set} />
        <div>
          <Button type="submit">Write the email</Button>
        </div>
        {opened && (
          <Alert color="teal" variant="light" role="status" title="Your mail app should open now">
            {`If nothing happened, write to ${SALES_EMAIL} directly.`}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

interface ContactFieldsProps {
  values: TContactMessage;
  errors: ContactErrors;
  set: (key: keyof TContactMessage) => (value: string) => void;
}

function ContactFields({ values, errors, set }: ContactFieldsProps) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          required
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={errors.email}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Company or show"
          autoComplete="organization"
          value={values.company}
          onChange={(e) => set('company')(e.currentTarget.value)}
        />
        <NativeSelect label="Topic" data={[...TOPICS]} value={values.topic} onChange={(e) => set('topic')(e.currentTarget.value)} />
      </SimpleGrid>
      <Textarea
        label="Message"
        required
        minRows={5}
        autosize
        value={values.message}
        onChange={(e) => set('message')(e.currentTarget.value)}
        error={errors.message}
      />
    </>
  );
}

function OtherWaysToReachUs() {
  return (
    <>
      <h2>Other ways to reach us</h2>
      <ul>
        <li>
          Email <a href={`mailto:${SALES_EMAIL}`}>{SALES_EMAIL}</a>.
        </li>
        <li>
          Looking for answers about your account? Try the <a href="/help">help topics</a>.
        </li>
        <li>
          Comparing plans? See <a href="/pricing">pricing</a>.
        </li>
      </ul>
    </>
  );
}
