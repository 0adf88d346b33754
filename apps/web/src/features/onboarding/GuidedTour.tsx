import { useState } from 'react';
import { Button, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconDeviceFloppy, IconListNumbers } from '@tabler/icons-react';
import { markTourSeen, tourSeen } from './onboarding-storage.ts';

/** The guided tour, shown once on this browser (a local flag). */
export function GuidedTour() {
  const [opened, setOpened] = useState(() => !tourSeen());
  const close = () => {
    markTourSeen();
    setOpened(false);
  };
  return (
    <Modal opened={opened} onClose={close} title="A quick tour" centered radius="lg">
      <Stack>
        <Text>A few short steps take you from an empty account to a show that is ready for its first episode.</Text>
        <List spacing="sm" center>
          <List.Item
            icon={
              <ThemeIcon variant="light" radius="xl">
                <IconListNumbers size={16} />
              </ThemeIcon>
            }
          >
            The bar at the top shows where you are.
          </List.Item>
          <List.Item
            icon={
              <ThemeIcon variant="light" radius="xl">
                <IconArrowRight size={16} />
              </ThemeIcon>
            }
          >
            Next and Back at the bottom move between steps; some steps move on by themselves.
          </List.Item>
          <List.Item
            icon={
              <ThemeIcon variant="light" radius="xl">
                <IconDeviceFloppy size={16} />
              </ThemeIcon>
            }
          >
            Your answers are saved as you go: leave and come back any time.
          </List.Item>
        </List>
        <Button onClick={close} data-autofocus>
          Got it
        </Button>
      </Stack>
    </Modal>
  );
}
