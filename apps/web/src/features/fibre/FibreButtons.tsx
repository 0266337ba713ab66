import { Button } from '@mantine/core';
import { IconRoute, IconTopologyStar3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ENCLOSURE_TYPES, HOME_TYPES, type ElementTypeName } from '@integration/contracts';
import { fibreScreens } from './fibre-screens.store.ts';

/**
 * Get Info's way into the fibre screens: an enclosure's splice plan, a cable's fibres, a
 * home's trace. Only for a saved element (the server knows it by its id).
 */
export function FibreButtons({
  element,
  onOpen,
}: {
  element: { id: number | null; type: ElementTypeName; name: string };
  /** Get Info closes: one dialog at a time, and a trace needs the map. */
  onOpen(): void;
}) {
  const { t } = useTranslation();
  const { id, type, name } = element;
  const isEnclosure = ENCLOSURE_TYPES.includes(type);
  const isHome = HOME_TYPES.includes(type);
  if (!isEnclosure && !isHome && type !== 'Cable') return null;
  const open = () => {
    if (id === null) return;
    onOpen();
    if (isEnclosure) fibreScreens.open({ kind: 'enclosure', holder: { elementId: id }, name });
    else if (type === 'Cable') fibreScreens.open({ kind: 'cable', cableId: id, name });
    else fibreScreens.trace({ query: { elementId: id }, title: name });
  };
  return (
    <Button
      variant="light"
      disabled={id === null}
      title={id === null ? t('fibre.saveFirst') : undefined}
      leftSection={isHome ? <IconRoute size={16} /> : <IconTopologyStar3 size={16} />}
      onClick={open}
    >
      {isHome ? t('fibre.trace') : t('fibre.fibres')}
    </Button>
  );
}
