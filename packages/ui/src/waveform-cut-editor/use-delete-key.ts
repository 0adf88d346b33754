import { useEffect } from 'react';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Calls onDelete when the Delete key is pressed anywhere but in a field being typed in. */
export function useDeleteKey(onDelete: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' || isTyping(event.target)) return;
      event.preventDefault();
      onDelete();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDelete]);
}
