// A short confirmation after an action ("Returned for revision to …; they are told by e-mail"), shown at the
// top of the engagement page for a few seconds and read out by screen readers (role="status").
import { useSyncExternalStore } from 'react';
import { Alert } from '@mantine/core';

let message: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const watchers = new Set<() => void>();
const notifyAll = () => watchers.forEach((w) => w());

/** Says what just happened, for six seconds. */
export function flash(text: string): void {
  message = text;
  clearTimeout(timer);
  timer = setTimeout(() => {
    message = null;
    notifyAll();
  }, 6000);
  notifyAll();
}

export function Flash() {
  const text = useSyncExternalStore(
    (w) => {
      watchers.add(w);
      return () => watchers.delete(w);
    },
    () => message,
  );
  if (!text) return null;
  return (
    <Alert
      color="green"
      role="status"
      data-testid="flash"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => {
        message = null;
        notifyAll();
      }}
      style={{ position: 'sticky', top: 64, zIndex: 20 }}
    >
      {text}
    </Alert>
  );
}
