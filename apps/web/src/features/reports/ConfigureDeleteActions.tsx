import { ActionIcon, Button, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Configure and Delete of a builder row (a metric or a chart), named for screen readers. */
export function ConfigureDeleteActions({
  configureLabel,
  deleteLabel,
  onConfigure,
  onDelete,
}: {
  configureLabel: string;
  deleteLabel: string;
  onConfigure: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button size="xs" variant="light" onClick={onConfigure} aria-label={configureLabel}>
        {t('reports.builder.configure')}
      </Button>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        onClick={onDelete}
        aria-label={deleteLabel}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
