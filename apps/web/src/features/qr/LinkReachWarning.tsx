import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TagLinkBase } from '@integration/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Said before labels are printed or a spreadsheet exported: the QR links point to an address
 * (PUBLIC_URL) phones in the field cannot open. Nothing when the address is public.
 */
export function LinkReachWarning({ link }: { link: TagLinkBase | undefined }) {
  const { t } = useTranslation();
  if (!link || link.reach === 'public') return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('qr.linkWarning.title')}
      role="alert"
    >
      {t(link.reach === 'this-computer' ? 'qr.linkWarning.thisComputer' : 'qr.linkWarning.lan', {
        url: link.publicUrl,
      })}
    </Alert>
  );
}
