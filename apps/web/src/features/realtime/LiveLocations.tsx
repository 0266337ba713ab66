import { Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { LiveLocation } from '@integration/contracts';
import { LiveLocationLayer } from '../map/adapter/live-location-layer.ts';
import { useMapSession } from '../map/ui/editor-context.ts';
import { formatAge } from './format-age.ts';
import { ageOf, followLiveLocations, isStale, useLiveLocations } from './live-locations.store.ts';
import { useLocationSharing } from './location-sharing.store.ts';
import { session } from '../../session/session.ts';
import { initials, userColour } from './user-colour.ts';

/** The usual "you are here" blue. */
const MY_COLOUR = '#1c7ed6';

/** Colleagues' live positions on the open project's map, and the card of the one tapped. */
export function LiveLocations({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const { view } = useMapSession();
  const { byUser, shown, selected, now, select } = useLiveLocations();
  const [layer, setLayer] = useState<LiveLocationLayer | null>(null);
  const card = useMemo(() => document.createElement('div'), []);
  const cardOpenFor = useRef<number | null>(null);

  useEffect(() => followLiveLocations(projectId), [projectId]);
  useEffect(() => {
    let made: LiveLocationLayer | null = null;
    let live = true;
    void view.ready.then(() => {
      if (!live) return;
      made = new LiveLocationLayer(view.map, (userId) =>
        useLiveLocations.getState().select(userId),
      );
      setLayer(made);
    });
    return () => {
      live = false;
      made?.destroy();
    };
  }, [view]);

  const people = Object.values(byUser);
  // My own position while I share it in this project: where the others see me.
  const mine = useLocationSharing((s) => (s.projectId === projectId ? s.position : null));
  useEffect(() => {
    const me = session.user();
    const self =
      mine && me
        ? [
            {
              userId: me.id,
              ...mine,
              colour: MY_COLOUR,
              stale: false,
              initials: t('realtime.live.meShort'),
              label: t('realtime.live.me'),
            },
          ]
        : [];
    layer?.show(
      [
        ...self,
        ...people.map((l) => ({
          userId: l.userId,
          lat: l.lat,
          lng: l.lng,
          accuracy: l.accuracy,
          colour: userColour(l.userId),
          stale: isStale(l, now),
          initials: initials(l.name),
          label: t('realtime.live.marker', {
            name: l.name,
            age: formatAge(ageOf(l, now), i18n.language),
          }),
        })),
      ],
      shown,
    );
    // The people, their positions and the clock are what it draws.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layer, byUser, mine, shown, now, t, i18n.language]);

  const person = selected !== null ? byUser[selected] : undefined;
  useEffect(() => {
    if (!layer) return;
    const open = person && shown ? person.userId : null;
    if (open !== cardOpenFor.current) {
      cardOpenFor.current = open;
      layer.openCard(open, card, () => {
        cardOpenFor.current = null;
        select(null);
      });
    } else layer.follow(open);
  }, [layer, person, shown, card, select]);

  return person ? createPortal(<PersonCard person={person} now={now} />, card) : null;
}

function PersonCard({ person, now }: { person: LiveLocation; now: number }) {
  const { t, i18n } = useTranslation();
  const select = useLiveLocations((s) => s.select);
  const stale = isStale(person, now);
  return (
    <Stack
      gap={4}
      miw={180}
      role="group"
      aria-label={t('realtime.live.card', { name: person.name })}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: 10,
              height: 10,
              borderRadius: 5,
              background: userColour(person.userId),
              flexShrink: 0,
            }}
          />
          <Text fw={600} size="sm">
            {person.name}
          </Text>
        </Group>
        <CloseButton size="sm" aria-label={t('common.close')} onClick={() => select(null)} />
      </Group>
      {person.mobile ? (
        <Anchor href={`tel:${person.mobile.replace(/[^\d+]/g, '')}`} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconPhone size={16} aria-hidden />
            <span>{t('realtime.live.call', { mobile: person.mobile })}</span>
          </Group>
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t('realtime.live.noMobile')}
        </Text>
      )}
      <Text size="xs" c={stale ? 'orange.8' : 'dimmed'}>
        {t(stale ? 'realtime.live.staleAge' : 'realtime.live.age', {
          age: formatAge(ageOf(person, now), i18n.language),
        })}
        {person.accuracy !== null
          ? ` · ${t('realtime.live.accuracy', { metres: Math.round(person.accuracy) })}`
          : ''}
      </Text>
    </Stack>
  );
}
