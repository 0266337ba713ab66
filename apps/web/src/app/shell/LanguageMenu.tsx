import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES, type Locale } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { session } from '../../session/session.ts';

/** English or French: the choice is saved as `locale` and the page reloads (SPEC §2). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = session.locale();
  const choose = (locale: Locale) => {
    if (locale === current) return;
    session.setLocale(locale);
    window.location.reload();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          // Beside a long tagline on a phone, a shrinking button cut "EN" to "EI".
          style={{ flexShrink: 0 }}
          aria-label={t('topbar.language')}
          leftSection={<IconLanguage size={18} aria-hidden />}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => choose(locale)}
            aria-current={locale === current ? 'true' : undefined}
            fw={locale === current ? 700 : undefined}
          >
            {t(`languages.${locale}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
