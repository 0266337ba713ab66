import { createTheme, Modal, PasswordInput } from '@mantine/core';
import i18n from 'i18next';

// Emerald primary (SPEC §9, one of its two presets); no dark mode.
// Note: built after i18n starts (main.tsx), so the close buttons get names in the user's language.
export function buildTheme() {
  return createTheme({
    primaryColor: 'teal',
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    components: {
      Modal: Modal.extend({
        defaultProps: { closeButtonProps: { 'aria-label': i18n.t('common.close') } },
      }),
      PasswordInput: PasswordInput.extend({
        defaultProps: {
          visibilityToggleButtonProps: { 'aria-label': i18n.t('common.togglePassword') },
        },
      }),
    },
  });
}
