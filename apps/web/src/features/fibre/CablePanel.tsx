import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTABLE_FIBRE_STATUSES, type CableFibres, type Fibre } from '@integration/contracts';
import { errorMessage } from '../../app/error-message.ts';
import { useCompact } from '../../app/useCompact.ts';
import { CableFill } from './CableFill.tsx';
import { FibreGrid } from './FibreGrid.tsx';
import { FibreSwatch } from './FibreSwatch.tsx';
import { fibreApi, fibreKeys } from './fibre.api.ts';
import { fibreScreens } from './fibre-screens.store.ts';
import { useFibreAction } from './useFibreAction.ts';

type Settable = (typeof SETTABLE_FIBRE_STATUSES)[number];

/**
 * A cable's fibres (issue 26): how full it is, its tubes and fibre colours, what each fibre's
 * ends are joined to; editors mark a fibre reserved, faulty or free again, and any fibre traces.
 */
export function CablePanel({
  cableId,
  name,
  canEdit,
}: {
  cableId: number;
  name: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  const cable = useQuery({
    queryKey: fibreKeys.cable(cableId),
    queryFn: () => fibreApi.cable(cableId),
  });
  const action = useFibreAction();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const picked = useMemo(() => new Set(chosenId === null ? [] : [chosenId]), [chosenId]);
  const choose = useCallback(
    (_: CableFibres, f: Fibre) => setChosenId((id) => (id === f.id ? null : f.id)),
    [],
  );
  const data = cable.data;
  const chosen = data?.fibres.find((f) => f.id === chosenId);

  return (
    <Modal
      opened
      onClose={fibreScreens.close}
      title={<Text fw={600}>{t('fibre.cableTitle', { name })}</Text>}
      size="min(1000px, 96vw)"
      fullScreen={compact}
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      {cable.isPending ? <Loader aria-label={t('fibre.loading')} /> : null}
      {cable.error ? <Alert color="red">{errorMessage(cable.error, t)}</Alert> : null}
      {data ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('fibre.structure', {
              count: data.fibreCount,
              tubes: data.tubes,
              perTube: data.fibresPerTube,
            })}
          </Text>
          <CableFill fill={data.fill} total={data.fibreCount} />
          {action.problem ? (
            <Alert color="red" role="alert" withCloseButton onClose={action.clearProblem}>
              {action.problem}
            </Alert>
          ) : null}
          {chosen ? (
            <FibreDetail
              fibre={chosen}
              cableName={data.name}
              canEdit={canEdit}
              pending={action.pending}
              onStatus={(status) => action.run(() => fibreApi.setStatus(chosen.id, status))}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('fibre.cableHint')}
            </Text>
          )}
          <FibreGrid cable={data} picked={picked} onPick={choose} />
        </Stack>
      ) : null}
    </Modal>
  );
}

function FibreDetail({
  fibre,
  cableName,
  canEdit,
  pending,
  onStatus,
}: {
  fibre: Fibre;
  cableName: string;
  canEdit: boolean;
  pending: boolean;
  onStatus(status: Settable): void;
}) {
  const { t } = useTranslation();
  const label = t('fibre.fibreOf', {
    cable: cableName,
    number: fibre.number,
    colour: fibre.colour.name,
  });
  return (
    <Stack
      gap={6}
      p="xs"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      role="region"
      aria-label={label}
    >
      <Group gap="xs">
        <FibreSwatch colour={fibre.colour} />
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="sm" c="dimmed">
          {t('fibre.inTube', { tube: fibre.tube, colour: fibre.tubeColour.name })} ·{' '}
          {t(`fibre.status.${fibre.status}`)}
        </Text>
      </Group>
      {(['a', 'b'] as const).map((end) => {
        const joint = fibre.ends[end];
        return (
          <Text key={end} size="sm">
            {t(`fibre.endLabel.${end}`)}:{' '}
            {joint
              ? t('fibre.joinedAt', { to: joint.to, place: joint.enclosure.name })
              : t('fibre.notJoined')}
          </Text>
        );
      })}
      <Group gap="xs">
        {canEdit && fibre.status !== 'used' ? (
          <SegmentedControl
            size="xs"
            aria-label={t('fibre.setStatus')}
            disabled={pending}
            value={fibre.status}
            onChange={(v) => onStatus(v as Settable)}
            data={SETTABLE_FIBRE_STATUSES.map((s) => ({ value: s, label: t(`fibre.status.${s}`) }))}
          />
        ) : null}
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconRoute size={14} />}
          onClick={() => fibreScreens.trace({ query: { fibreId: fibre.id }, title: label })}
        >
          {t('fibre.trace')}
        </Button>
      </Group>
    </Stack>
  );
}
