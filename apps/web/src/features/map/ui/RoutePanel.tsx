import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import {
  ROUTING_PROFILES,
  type FeatureCollection,
  type RoutingProfile,
} from '@integration/contracts';
import type { Feature, FeatureCollection as GeoJson } from 'geojson';
import { session } from '../../../session/session.ts';
import { ImportWizard } from '../../file-format/ImportWizard.tsx';
import { canImportRoads } from '../../routing/road-network.ts';
import type { RouteProblem, RouteSearchPhase } from '../core/route-search.ts';
import { useEditorState, useMapSession } from './editor-context.ts';
import classes from './RouteOption.module.css';
import { RouteOptionButton } from './RouteOptionButton.tsx';

/** A phone's sheet takes at most this share of the screen's height: the routes stay in view. */
const SHEET_MAX_HEIGHT = '30dvh';

/**
 * Create Route's panel (SPEC §4): the profile switch, then the routes of the clicked cable as
 * buttons (the map draws the same, the first blue and the others grey); a route chosen here or
 * on the map becomes the cable's path. Shown while the mode is on. On a phone (`sheet`) it is
 * a bottom sheet of limited height that folds down to its first line, so the map stays visible.
 */
export function RoutePanel({
  projectId,
  clusterId,
  sheet = false,
}: {
  projectId: number;
  clusterId: number;
  sheet?: boolean;
}) {
  const { t } = useTranslation();
  const { editor, routes, view } = useMapSession();
  const interaction = useEditorState((s) => s.interaction);
  const { profile, search } = useStore(routes.state);
  const [importing, setImporting] = useState(false);
  // Folded for one search: new routes unfold the sheet, as they are what the user asked for.
  const [foldedFor, setFoldedFor] = useState<RouteSearchPhase | null>(null);
  const folded = foldedFor === search;
  if (interaction.kind !== 'mode' || interaction.mode !== 'createRoute') return null;
  const open = !sheet || !folded;

  const clear = () => {
    routes.cancel();
    editor.select([]);
  };
  const cable = search.phase === 'idle' ? null : editor.collection.get(search.key);

  return (
    <Paper
      shadow="sm"
      p="xs"
      radius="md"
      withBorder
      w={sheet ? '100%' : { base: '100%', sm: 340 }}
      mah={sheet ? SHEET_MAX_HEIGHT : undefined}
      className={sheet ? classes.sheet : undefined}
      role="region"
      aria-label={t('routing.panel')}
      data-route-panel
      // Escape from within the panel too (the map's shortcuts leave its profile switch alone).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && search.phase !== 'idle') clear();
      }}
    >
      <Stack gap={8} className={sheet ? classes.sheetBody : undefined}>
        {open ? (
          <SegmentedControl
            size="xs"
            fullWidth
            classNames={{ label: classes.profile }}
            aria-label={t('routing.profile.label')}
            value={profile}
            onChange={(value) => routes.setProfile(value as RoutingProfile)}
            data={ROUTING_PROFILES.map((p) => ({ value: p, label: t(`routing.profile.${p}`) }))}
          />
        ) : null}
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Box aria-live="polite" style={{ flex: 1, minWidth: 0 }}>
            {search.phase === 'idle' ? (
              <Text size="sm" c="dimmed">
                {t('routing.hint')}
              </Text>
            ) : null}
            {search.phase === 'loading' ? (
              <Group gap="xs" wrap="nowrap">
                <Loader size="xs" />
                <Text size="sm">{t('routing.loading', { name: cable?.name ?? '' })}</Text>
              </Group>
            ) : null}
            {search.phase === 'failed' ? (
              <Problem problem={search.problem} onImport={() => setImporting(true)} />
            ) : null}
            {search.phase === 'shown' && search.routes.length === 0 ? (
              <Text size="sm">{t('routing.none')}</Text>
            ) : null}
            {search.phase === 'shown' && search.routes.length > 0 ? (
              <Text size="sm">
                {t('routing.choose', { count: search.routes.length, name: cable?.name ?? '' })}
              </Text>
            ) : null}
          </Box>
          {sheet ? (
            <ActionIcon
              variant="subtle"
              aria-label={folded ? t('routing.expand') : t('routing.collapse')}
              aria-expanded={!folded}
              onClick={() => setFoldedFor(folded ? null : search)}
            >
              {folded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            </ActionIcon>
          ) : null}
          {search.phase !== 'idle' ? (
            <ActionIcon variant="subtle" aria-label={t('routing.clear')} onClick={clear}>
              <IconX size={16} />
            </ActionIcon>
          ) : null}
        </Group>
        {open && search.phase === 'shown' && search.routes.length > 0 ? (
          <Stack gap={4} role="list" aria-label={t('routing.list')}>
            {search.routes.map((route, index) => (
              <Box role="listitem" key={index}>
                <RouteOptionButton
                  route={route}
                  index={index}
                  currency={search.currency}
                  onChoose={() => routes.choose(index)}
                />
              </Box>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <ImportWizard
        opened={importing}
        purpose="roads"
        onClose={() => {
          setImporting(false);
          view.setOverlay('preview', null);
        }}
        projectId={projectId}
        clusterId={clusterId}
        // The roads shown over the map as they are read, the view kept on the cable.
        onPreview={(layers) => view.setOverlay('preview', previewOf(layers))}
        onImported={() => undefined}
        onRoadsImported={() => {
          if (search.phase !== 'idle') void routes.search(search.key);
        }}
      />
    </Paper>
  );
}

const previewOf = (layers: FeatureCollection[] | null): GeoJson | null =>
  layers && {
    type: 'FeatureCollection',
    // The import answers GeoJSON FeatureCollections (reprojected to WGS84).
    features: layers.flatMap((l) => l.features as Feature[]),
  };

/** Why there are no routes; with no road network, the way to import one. */
function Problem({ problem, onImport }: { problem: RouteProblem; onImport(): void }) {
  const { t } = useTranslation();
  if (problem.kind !== 'noRoads') {
    return (
      <Alert color="orange" p="xs" title={t('routing.unroutable')} role="alert">
        {problem.message}
      </Alert>
    );
  }
  const canImport = canImportRoads(session.user()?.role);
  return (
    <Alert color="yellow" p="xs" title={t('routing.noRoads')} role="alert">
      <Stack gap={6}>
        <Text size="sm">{problem.message}</Text>
        {canImport ? (
          <Button size="compact-sm" variant="light" onClick={onImport}>
            {t('routing.importRoads')}
          </Button>
        ) : (
          <Text size="sm">{t('routing.askPlanner')}</Text>
        )}
      </Stack>
    </Alert>
  );
}
