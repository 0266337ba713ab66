import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { seesLiveLocations } from './live-location-roles.ts';
import { useLiveLocations } from './live-locations.store.ts';

/** The "Live locations" layer, listed with the element layers (not for viewers). */
export function LiveLocationsCheckbox() {
  const { t } = useTranslation();
  const shown = useLiveLocations((s) => s.shown);
  const setShown = useLiveLocations((s) => s.setShown);
  if (!seesLiveLocations()) return null;
  return (
    <Checkbox
      size="xs"
      checked={shown}
      onChange={(e) => setShown(e.currentTarget.checked)}
      label={t('realtime.live.layer')}
    />
  );
}
