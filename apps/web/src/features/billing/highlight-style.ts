import type { CSSProperties } from 'react';

/** The border that marks the section the creator was sent to (Upgrade Plan, Buy Minutes). */
export function highlightStyle(highlighted: boolean): CSSProperties | undefined {
  return highlighted ? { borderColor: 'var(--mantine-color-violet-6)', borderWidth: 2 } : undefined;
}
