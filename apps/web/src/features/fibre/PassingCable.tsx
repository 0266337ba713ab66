import { Group, SimpleGrid, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnclosureCable, Fibre, FibreStatus } from '@integration/contracts';
import type { SideNames } from './cable-sides.ts';
import { CableFill } from './CableFill.tsx';
import { FibreGrid } from './FibreGrid.tsx';
import type { FibreSide } from './picks.ts';

/** One side of a passing cable, as the grid draws it: each fibre seen from that side. */
export interface CableSide extends EnclosureCable {
  side: FibreSide;
  sideName: string;
}

/**
 * A fibre seen from one side of the cut a splice makes here. Joined on that side: used, and
 * what it is joined to. Cut here but this side open: free to splice here. Passing whole: its
 * state anywhere (a fibre in use passes a signal through; splicing it cuts it).
 */
export function sideOf(cable: EnclosureCable, side: FibreSide, sideName: string): CableSide {
  const other = side === 'a' ? 'b' : 'a';
  const fibres = cable.fibres.map((f): Fibre => {
    const joined = f.ends[side];
    const status: FibreStatus = joined
      ? 'used'
      : f.ends[other] && f.status === 'used'
        ? 'free'
        : f.status;
    return { ...f, status, ends: { a: joined, b: null } };
  });
  return { ...cable, side, sideName, fibres };
}

/**
 * A cable passing through the enclosure uncut: its fill, then its fibres twice, one grid per
 * side of the cut a splice would make here (towards the cable's start, towards its end), so a
 * crew picks the piece of fibre going the way it wants. Side by side where there is room.
 */
export const PassingCable = memo(function PassingCable({
  cable,
  names,
  picked,
  onPick,
}: {
  cable: EnclosureCable;
  names: SideNames;
  picked: Record<FibreSide, ReadonlySet<number>>;
  onPick(cable: CableSide, fibre: Fibre): void;
}) {
  const { t } = useTranslation();
  const sides = useMemo(
    () => [sideOf(cable, 'a', names.a), sideOf(cable, 'b', names.b)],
    [cable, names.a, names.b],
  );
  return (
    <>
      <CableFill fill={cable.fill} total={cable.fibreCount} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="xs">
        {sides.map((s) => (
          <div key={s.side} role="group" aria-label={s.sideName}>
            <Group gap="xs" mb={4}>
              <Text size="sm" fw={600}>
                {s.sideName}
              </Text>
              {/* What is cut and spliced here, apart from the fibres in use passing through. */}
              <Text size="sm" c="dimmed">
                {t('fibre.joinedHere', { count: s.fibres.filter((f) => f.ends.a).length })}
              </Text>
            </Group>
            <FibreGrid cable={s} picked={picked[s.side]} onPick={onPick} />
          </div>
        ))}
      </SimpleGrid>
    </>
  );
});
