import { notifications } from '@mantine/notifications';
import { TOAST_LIFE_MS } from '@integration/contracts';
import i18n from 'i18next';

const closeButtonProps = () => ({ 'aria-label': i18n.t('toast.close') });

/** The success toast on screen, if any (see `notify.success`). */
let shownSuccess: string | undefined;

/** Toasts of SPEC §8: bottom-right, 3000 ms, closable. */
export const notify = {
  /**
   * One confirmation at a time, the newest: an older one is stale once the next action is done,
   * and a stack of them climbed over the controls under the bottom-right corner (the
   * Organisation's "New project"). Errors still stack: each must be read.
   */
  success(message: string, title = i18n.t('toast.success')) {
    if (shownSuccess) notifications.hide(shownSuccess);
    shownSuccess = notifications.show({
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
