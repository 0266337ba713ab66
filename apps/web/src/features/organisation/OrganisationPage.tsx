import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHierarchy2, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/route-table.ts';
import { session } from '../../session/session.ts';
import { OrganisationHistory } from './OrganisationHistory.tsx';
import { OrganisationTree } from './OrganisationTree.tsx';

/**
 * The organisation from nothing (issue 28): admins create, rename and delete subsidiaries,
 * clients, main projects and projects, and read who changed what. Reached from the Project page.
 */
export function OrganisationPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  if (session.user()?.role !== 'admin') {
    return (
      <Alert color="orange" role="alert">
        {t('organisation.adminOnly')}
      </Alert>
    );
  }
  const tab = search.get('tab') === 'history' ? 'history' : 'tree';
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('organisation.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('organisation.intro')}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          component={Link}
          to={ROUTES.project.path}
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('projects.title')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          // The tree's place (?s=&c=&m=) stays for the way back from the history.
          const next = new URLSearchParams(search);
          if (value === 'history') next.set('tab', 'history');
          else next.delete('tab');
          setSearch(next, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="tree" leftSection={<IconHierarchy2 size={16} aria-hidden />}>
            {t('organisation.tabs.tree')}
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden />}>
            {t('organisation.tabs.history')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tree" pt="md">
          <OrganisationTree />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <OrganisationHistory />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
