import { Alert, Badge, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnclosureCable, Fibre } from '@integration/contracts';
import { errorMessage } from '../../app/error-message.ts';
import { useCompact } from '../../app/useCompact.ts';
import { CableFill } from './CableFill.tsx';
import { ConnectionList } from './ConnectionList.tsx';
import { EnclosureEquipment } from './EnclosureEquipment.tsx';
import { FibreGrid } from './FibreGrid.tsx';
import { fibreApi, fibreKeys, type PlanHolder } from './fibre.api.ts';
import { fibreScreens } from './fibre-screens.store.ts';
import { PassingCable, type CableSide } from './PassingCable.tsx';
import { fibrePick, nextPicks, pickedEnds, type Pick } from './picks.ts';
import { PicksBar } from './PicksBar.tsx';
import { RangeForm } from './RangeForm.tsx';
import { useSideNames } from './cable-sides.ts';
import { useFibreAction } from './useFibreAction.ts';

const NO_CABLES: EnclosureCable[] = [];

/**
 * An enclosure's splice plan (issue 26): its cables' fibres by tube, splitters, ports and the
 * connections made; editors connect two chosen terminals or a range, add splitters and trays.
 * A cable passing by uncut shows both sides of the cut a splice makes here (mid-span).
 * Full screen on a phone, where a crew reads it in the closure.
 */
export function SpliceEditor({
  holder,
  name,
  canEdit,
}: {
  holder: PlanHolder;
  name: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  const plan = useQuery({ queryKey: fibreKeys.plan(holder), queryFn: () => fibreApi.plan(holder) });
  const action = useFibreAction();
  const [picks, setPicks] = useState<Pick[]>([]);
  const pickedKeys = useMemo(() => new Set(picks.map((p) => p.key)), [picks]);
  const picked = useMemo(() => pickedEnds(picks), [picks]);
  const pick = useCallback(
    (p: Pick) => setPicks((current) => nextPicks(current, p, canEdit ? 2 : 1)),
    [canEdit],
  );
  const pickFibre = useCallback(
    (cable: EnclosureCable, f: Fibre) => {
      const end = cable.end === 'b' ? 'b' : 'a';
      const joined = f.ends[end] ?? f.ends[end === 'a' ? 'b' : 'a'];
      const label = t('fibre.fibreOf', {
        cable: cable.name,
        number: f.number,
        colour: f.colour.name,
      });
      pick(fibrePick(f.id, end, label, joined));
    },
    [pick, t],
  );
  // A side of a passing cable: its fibre seen from there, joined (or not) on that side only.
  const pickSide = useCallback(
    (side: CableSide, f: Fibre) => {
      const of = t('fibre.fibreOf', { cable: side.name, number: f.number, colour: f.colour.name });
      const label = t('fibre.fibreOfSide', { fibre: of, side: side.sideName });
      pick(fibrePick(f.id, side.side, label, f.ends.a));
    },
    [pick, t],
  );
  const data = plan.data;
  const sideNames = useSideNames(data?.cables ?? NO_CABLES);
  const fallbackSides = useMemo(
    () => ({ a: t('fibre.towardsStart'), b: t('fibre.towardsEnd') }),
    [t],
  );
  const title = (
    <Group gap="xs">
      <Text fw={600}>{t('fibre.editorTitle', { name })}</Text>
      {data ? (
        <Badge variant="light">
          {data.enclosure.type === 'CentralOffice'
            ? t('fibre.centralOffice')
            : t(`map.types.${data.enclosure.type}`, data.enclosure.type)}
        </Badge>
      ) : null}
    </Group>
  );

  return (
    <Modal
      opened
      onClose={fibreScreens.close}
      title={title}
      size="min(1200px, 96vw)"
      fullScreen={compact}
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      {plan.isPending ? <Loader aria-label={t('fibre.loading')} /> : null}
      {plan.error ? <Alert color="red">{errorMessage(plan.error, t)}</Alert> : null}
      {data ? (
        <Stack gap="sm">
          {action.problem ? (
            <Alert color="red" role="alert" withCloseButton onClose={action.clearProblem}>
              {action.problem}
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed">
            {canEdit ? t('fibre.pickHint') : t('fibre.pickHintReadOnly')}
          </Text>
          <Tabs defaultValue="cables" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="cables">
                {t('fibre.tabs.cables', { count: data.cables.length })}
              </Tabs.Tab>
              <Tabs.Tab value="equipment">{t('fibre.tabs.equipment')}</Tabs.Tab>
              <Tabs.Tab value="connections">
                {t('fibre.tabs.connections', { count: data.connections.length })}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="cables" pt="sm">
              <Stack gap="md">
                {canEdit && data.cables.length ? (
                  <RangeForm
                    folded={compact}
                    cables={data.cables}
                    sideNames={sideNames}
                    pending={action.pending}
                    onSplice={(range) =>
                      action.run(() => fibreApi.connect(holder, { ranges: [range] }))
                    }
                  />
                ) : null}
                {data.cables.length === 0 ? <Text c="dimmed">{t('fibre.noCables')}</Text> : null}
                {/* Side by side where there is room: the two cables of a splice face each other. */}
                <SimpleGrid cols={{ base: 1, lg: data.cables.length > 1 ? 2 : 1 }} spacing="lg">
                  {data.cables.map((cable) => (
                    <section
                      key={cable.id}
                      aria-label={cable.name}
                      // A cable passing by takes the whole row: its two sides face each other.
                      style={cable.end === 'through' ? { gridColumn: '1 / -1' } : undefined}
                    >
                      <Group gap="xs" mb={4}>
                        <Text fw={600}>{cable.name}</Text>
                        <Badge variant="outline" tt="none">
                          {t(`fibre.end.${cable.end}`)}
                        </Badge>
                        <Text size="sm" c="dimmed">
                          {t('fibre.structure', {
                            count: cable.fibreCount,
                            tubes: cable.tubes,
                            perTube: cable.fibresPerTube,
                          })}
                        </Text>
                      </Group>
                      {cable.end === 'through' ? (
                        <>
                          <Text size="sm" c="dimmed" mb={4}>
                            {t('fibre.passesThrough')}
                          </Text>
                          <PassingCable
                            cable={cable}
                            names={sideNames.get(cable.id) ?? fallbackSides}
                            picked={picked}
                            onPick={pickSide}
                          />
                        </>
                      ) : (
                        <>
                          <CableFill fill={cable.fill} total={cable.fibreCount} />
                          <FibreGrid cable={cable} picked={picked[cable.end]} onPick={pickFibre} />
                        </>
                      )}
                    </section>
                  ))}
                </SimpleGrid>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="equipment" pt="sm">
              <EnclosureEquipment
                plan={data}
                picked={pickedKeys}
                canEdit={canEdit}
                pending={action.pending}
                onPick={pick}
                onAddSplitter={(ratio) => action.run(() => fibreApi.addSplitter(holder, ratio))}
                onAddTray={(capacity) => action.run(() => fibreApi.addTray(holder, capacity))}
                onAddPorts={(kind, count) =>
                  action.run(() => fibreApi.addPorts(holder, kind, count))
                }
                onHomesServed={(port, portName) =>
                  fibreScreens.openList({ kind: 'port', portId: port.id, name: portName })
                }
              />
            </Tabs.Panel>
            <Tabs.Panel value="connections" pt="sm">
              <ConnectionList
                plan={data}
                canEdit={canEdit}
                pending={action.pending}
                onDelete={(id) => action.run(() => fibreApi.disconnect(id))}
                onMeasure={(id, loss) => action.run(() => fibreApi.measure(id, loss))}
              />
            </Tabs.Panel>
          </Tabs>
          <PicksBar
            picks={picks}
            canEdit={canEdit}
            pending={action.pending}
            onDrop={pick}
            onConnect={(kind) => {
              const [from, to] = picks;
              if (!from || !to) return;
              action.run(
                () =>
                  fibreApi.connect(holder, { connections: [{ from: from.ref, to: to.ref, kind }] }),
                () => setPicks([]),
              );
            }}
            onTrace={(p) =>
              p.fibreId !== undefined &&
              fibreScreens.trace({ query: { fibreId: p.fibreId }, title: p.label })
            }
          />
          {!canEdit ? (
            <Text size="sm" c="dimmed">
              {t('fibre.readOnly')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
