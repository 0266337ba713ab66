import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLiveLocations } from './live-locations.store.ts';

/** The "Live locations" layer, listed with the element layers. */
export function LiveLocationsCheckbox() {
  const { t } = useTranslation();
  const shown = useLiveLocations((s) => s.shown);
  const setShown = useLiveLocations((s) => s.setShown);
  return (
    <Checkbox
      size="xs"
      checked={shown}
      onChange={(e) => setShown(e.currentTarget.checked)}
      label={t('realtime.live.layer')}
    />
  );
}
