import { TextInput } from '@mantine/core';

/** The dialog's email field (login and register): focused first, its error under it. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (email: string) => void; error: string | undefined }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error || null}
      required
      data-autofocus
    />
  );
}
