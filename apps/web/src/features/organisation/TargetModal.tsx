import { Modal } from '@mantine/core';
import { DIALOG_WIDTH } from '@integration/contracts';
import type { ReactNode } from 'react';

/** What a create/rename/configure dialog saves: its title, button, first values and the call. */
export interface SaveTarget<V> {
  title: string;
  submitLabel: string;
  initial: V;
  save(values: V): Promise<{ message?: string; data?: unknown }>;
  onSaved?(answer: { data?: unknown }): void;
}

/**
 * The organisation's dialogs: open while there is a target, its form rebuilt for each target
 * (keyed by its title), so that what was typed for one never shows for the next.
 */
export function TargetModal<T extends { title: string }>({
  target,
  onClose,
  children,
}: {
  target: T | null;
  onClose: () => void;
  children: (target: T) => ReactNode;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.title}
      size={DIALOG_WIDTH}
      centered
    >
      {target && <div key={target.title}>{children(target)}</div>}
    </Modal>
  );
}
