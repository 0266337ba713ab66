import { notifications } from '@mantine/notifications';
import { TOAST_LIFE_MS } from '@integration/contracts';
import i18n from 'i18next';

const closeButtonProps = () => ({ 'aria-label': i18n.t('toast.close') });

/** Toasts of SPEC §8: bottom-right, 3000 ms, closable. */
export const notify = {
  success(message: string, title = i18n.t('toast.success')) {
    notifications.show({
      title,
      message,
      color: 'teal',
      autoClose: TOAST_LIFE_MS,
      closeButtonProps: closeButtonProps(),
    });
  },
  error(message: string, title = i18n.t('toast.error')) {
    notifications.show({
      title,
      message,
      color: 'red',
      autoClose: TOAST_LIFE_MS,
      closeButtonProps: closeButtonProps(),
    });
  },
};
