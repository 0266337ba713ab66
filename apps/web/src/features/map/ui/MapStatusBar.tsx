import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocationShareControl } from '../../realtime/LocationShareControl.tsx';
import { PeopleHere } from '../../realtime/PeopleHere.tsx';
import { BasemapNotice } from './BasemapNotice.tsx';
import classes from './MapStatusBar.module.css';
import { SaveIndicator } from './SaveIndicator.tsx';

/**
 * The map's status in one bar along its bottom edge (issue 24: five floating controls
 * overlapped there on a phone): on the left whether the work is saved and whether the base map
 * came, on the right who else is here and sharing my location. Its items wrap onto a second
 * line rather than cover each other; MapLibre's scale and attribution sit above it.
 */
export function MapStatusBar({ projectId, clusterId }: { projectId: number; clusterId: number }) {
  const { t } = useTranslation();
  return (
    <Group
      className={classes.bar}
      role="group"
      aria-label={t('map.phone.statusBar')}
      gap={6}
      align="center"
    >
      <SaveIndicator />
      <BasemapNotice />
      <Group gap={6} wrap="nowrap" className={classes.others}>
        <PeopleHere clusterId={clusterId} />
        <LocationShareControl projectId={projectId} />
      </Group>
    </Group>
  );
}
