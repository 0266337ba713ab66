import { Button, Group, Modal, Stack } from '@mantine/core';
import { DIALOG_WIDTH, type TagLinkBase } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { LinkReachWarning } from './LinkReachWarning.tsx';

/**
 * Before a spreadsheet whose links phones cannot open (a local PUBLIC_URL): said once, with
 * the address, so a planner does not hand a sheet of dead links to the printer.
 */
export function SpreadsheetLinkDialog({
  link,
  opened,
  onExport,
  onCancel,
}: {
  link: TagLinkBase | undefined;
  opened: boolean;
  onExport: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('qr.linkWarning.exportTitle')}
      size={DIALOG_WIDTH}
      centered
    >
      <Stack>
        <LinkReachWarning link={link} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="orange" onClick={onExport}>
            {t('qr.linkWarning.exportAnyway')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
