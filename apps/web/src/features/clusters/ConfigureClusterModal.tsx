import { Divider, Modal, Select, Stack, Title } from '@mantine/core';
import {
  MODAL_WIDTH,
  PROJECT_PHASES,
  type Cluster,
  type ProjectPhase,
} from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../app/useApiMutation.ts';
import { session } from '../../session/session.ts';
import { MembersPanel } from '../central-offices/MembersPanel.tsx';
import { clustersApi } from './clusters.api.ts';
import { NamingConventionEditor } from './NamingConventionEditor.tsx';

/** Configure Cluster (SPEC §2): phase saved as soon as it is chosen, naming convention, users. */
export function ConfigureClusterModal({
  cluster,
  onClose,
}: {
  cluster: Cluster | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const role = session.user()?.role;
  const isAdmin = role === 'admin';
  const canEdit = isAdmin || role === 'planner';
  const update = useApiMutation((vars: Parameters<typeof clustersApi.update>) =>
    clustersApi.update(...vars),
  );
  const removeUser = useApiMutation((vars: { id: number; userId: number }) =>
    clustersApi.removeUser(vars.id, vars.userId),
  );
  return (
    <Modal
      opened={cluster !== null}
      onClose={onClose}
      size={MODAL_WIDTH}
      title={t('clusters.configureTitle', { name: cluster?.name ?? '' })}
    >
      {cluster && (
        <Stack>
          <Select
            label={t('clusters.phase')}
            data={PROJECT_PHASES.map((phase) => ({
              value: phase,
              label: t(`clusters.phases.${phase}`),
            }))}
            value={cluster.projectPhase}
            allowDeselect={false}
            disabled={!canEdit}
            onChange={(phase) =>
              phase && update.mutate([cluster.id, { projectPhase: phase as ProjectPhase }])
            }
            w={240}
          />
          <Divider />
          <Title order={2} size="h4">
            {t('naming.title')}
          </Title>
          <NamingConventionEditor
            key={cluster.id}
            value={cluster.namingConvention}
            clusterName={cluster.name}
            canEdit={canEdit}
            busy={update.isPending}
            onSave={(namingConvention) => update.mutate([cluster.id, { namingConvention }])}
          />
          <Divider />
          <MembersPanel
            title={t('clusters.usersOf', { name: cluster.name })}
            members={cluster.users}
            canEdit={isAdmin}
            busy={update.isPending}
            onAdd={(userId) => update.mutate([cluster.id, { users: [userId] }])}
            onRemove={(user) => removeUser.mutate({ id: cluster.id, userId: user.id })}
          />
        </Stack>
      )}
    </Modal>
  );
}
