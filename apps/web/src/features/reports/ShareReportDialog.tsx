import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DIALOG_WIDTH, type Report } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../app/useApiMutation.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { reportsApi } from './reports.api.ts';

const NOT_SHARED = 'none';

/** Shares a report read-only with the users of one project the author may see, or stops. */
export function ShareReportDialog({
  report,
  onClose,
  onShared,
}: {
  report: Report | null;
  onClose: () => void;
  onShared: () => void;
}) {
  const { t } = useTranslation();
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(),
    queryFn: () => hierarchyApi.projects(),
    enabled: report !== null,
  });
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? String(report?.sharedProjectId ?? NOT_SHARED);
  const share = useApiMutation(
    (vars: { id: number; projectId: number | null }) => reportsApi.share(vars.id, vars.projectId),
    {
      onSuccess: () => {
        setChoice(null);
        onShared();
      },
    },
  );
  return (
    <Modal
      opened={report !== null}
      onClose={() => {
        setChoice(null);
        onClose();
      }}
      size={DIALOG_WIDTH}
      title={t('reports.share.title', { name: report?.name ?? '' })}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('reports.share.hint')}
        </Text>
        <Select
          label={t('reports.share.project')}
          data={[
            { value: NOT_SHARED, label: t('reports.share.none') },
            ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          value={value}
          onChange={setChoice}
          allowDeselect={false}
          searchable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={share.isPending}
            onClick={() =>
              report &&
              share.mutate({
                id: report.id,
                projectId: value === NOT_SHARED ? null : Number(value),
              })
            }
          >
            {t('reports.share.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
