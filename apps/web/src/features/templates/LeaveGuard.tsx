import { useCallback, useEffect, useRef } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useBlocker, type Blocker } from 'react-router';
import { TEMPLATE_MESSAGES } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';

/**
 * Holds the creator back from leaving the editor with unsaved changes (spec 000 section 4): any
 * navigation in the app (Back, the side navigation, links, the browser's back and forward) waits for
 * the dialog, and reload or close gets the browser's own prompt. `release` lets a saved editor go.
 */
export function useLeaveGuard(dirty: boolean): { blocker: Blocker; release: () => void } {
  const released = useRef(false);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) => dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { blocker, release };
}

/** 'Leave the template editor without saving changes?' with Stay and Leave, while a navigation waits. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const stay = () => blocker.reset?.();
  return (
    <Modal opened={blocker.state === 'blocked'} onClose={stay} title="Unsaved changes" size="sm">
      <Stack>
        <Text size="sm">{TEMPLATE_MESSAGES.leaveWithoutSaving}</Text>
        <DialogActions onCancel={stay} cancelLabel="Stay">
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
