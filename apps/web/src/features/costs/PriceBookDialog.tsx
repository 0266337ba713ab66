import { Alert, Center, Loader, Modal } from '@mantine/core';
import type { BomLine } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { useCompact } from '../../app/useCompact.ts';
import { PriceBookEditor } from './PriceBookEditor.tsx';
import { usePriceBook } from './useBom.ts';

export interface PriceBookTarget {
  projectId: number;
  projectName: string;
  /** The open bill's lines without a price, to add a row for each in one click. */
  unpriced: BomLine[];
}

/** The project's price book in a dialog (full screen on a phone), once it is loaded. */
export function PriceBookDialog({ target, onClose }: { target: PriceBookTarget; onClose(): void }) {
  const { t } = useTranslation();
  const compact = useCompact();
  const book = usePriceBook(target.projectId);
  if (book.data) return <PriceBookEditor target={target} book={book.data} onClose={onClose} />;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('costs.book.title', { project: target.projectName })}
      size={compact ? '100%' : 960}
      fullScreen={compact}
      closeButtonProps={{ 'aria-label': t('costs.book.close') }}
    >
      {book.error ? (
        <Alert color="red">{errorMessage(book.error, t)}</Alert>
      ) : (
        <Center p="lg">
          <Loader aria-label={t('costs.book.loading')} />
        </Center>
      )}
    </Modal>
  );
}
