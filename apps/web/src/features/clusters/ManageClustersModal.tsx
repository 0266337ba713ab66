import { Modal } from '@mantine/core';
import { MODAL_WIDTH } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import type { HierarchySelection } from '../hierarchy/HierarchySelectors.tsx';
import { ClusterManager } from './ClusterManager.tsx';

/** Manage Cluster (SPEC §2), opened from a CO row with that CO already chosen. */
export function ManageClustersModal({
  selection,
  title,
  onClose,
}: {
  selection: HierarchySelection | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={selection !== null}
      onClose={onClose}
      size={MODAL_WIDTH}
      title={t('clusters.manageTitle', { name: title })}
    >
      {selection && <ClusterManager initial={selection} />}
    </Modal>
  );
}
