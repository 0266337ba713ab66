import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHierarchy2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/route-table.ts';

/** The Project page of an empty database, for an admin: projects live in the organisation. */
export function NoProjectYet() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" bg="teal.0">
      <Group justify="space-between" gap="md">
        <Stack gap={4} maw={640}>
          <Text fw={600}>{t('organisation.projectsEmpty.title')}</Text>
          <Text size="sm">{t('organisation.projectsEmpty.body')}</Text>
        </Stack>
        <Button
          component={Link}
          to={ROUTES.organisation.path}
          leftSection={<IconHierarchy2 size={18} aria-hidden />}
        >
          {t('organisation.projectsEmpty.action')}
        </Button>
      </Group>
    </Paper>
  );
}
