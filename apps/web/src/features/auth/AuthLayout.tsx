import { Center, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../../app/shell/LanguageMenu.tsx';

/** The frame of the screens outside the shell: logo, heading, language choice. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%" component="main">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="sm">
              <Image src="/logo.svg" alt="" h={40} w={40} />
              <div>
                <Text fw={700}>{t('app.name')}</Text>
                <Text size="xs" c="dimmed">
                  {t('app.tagline')}
                </Text>
              </div>
            </Group>
            <LanguageMenu />
          </Group>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
