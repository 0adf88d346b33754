import { TextInput } from '@mantine/core';

export interface EmailFieldProps {
  value: string;
  onChange: (email: string) => void;
  error: string | null | undefined;
  label?: string;
  /** Whether a dialog focuses it first (the sign-in dialog's fields do; a page's form does not). */
  autofocus?: boolean;
}

/** An email address field: the browser's email keyboard and autofill, required, its error under it. */
export function EmailField({ value, onChange, error, label = 'Email', autofocus = true }: EmailFieldProps) {
  return (
    <TextInput
      label={label}
      type="email"
      autoComplete="email"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error || null}
      required
      data-autofocus={autofocus || undefined}
    />
  );
}
