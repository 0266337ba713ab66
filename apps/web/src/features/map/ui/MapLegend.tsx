import { Box, Group, Image, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEMENT_TYPES } from '@integration/contracts';
import { DASHES } from '../adapter/element-layers.ts';
import { defaultIconUrl } from '../adapter/element-features.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

const SWATCH_W = 28;
const LINE_W = 3;
const FALLBACK_CABLE = '#334155';

/** A short stretch of cable as the map draws it: its colour and its type's dashes. */
function LineSwatch({
  color,
  pattern = 'solid',
}: {
  color: string;
  pattern?: keyof typeof DASHES;
}) {
  const dashes = pattern === 'solid' ? undefined : DASHES[pattern].map((d) => d * LINE_W).join(' ');
  return (
    <svg width={SWATCH_W} height={10} aria-hidden="true" style={{ flex: 'none' }}>
      <line
        x1={2}
        y1={5}
        x2={SWATCH_W - 2}
        y2={5}
        stroke={color}
        strokeWidth={LINE_W}
        strokeDasharray={dashes}
        strokeLinecap={pattern === 'solid' ? 'round' : 'butt'}
      />
    </svg>
  );
}

function ZoneSwatch({ color }: { color: string }) {
  return (
    <svg width={SWATCH_W} height={14} aria-hidden="true" style={{ flex: 'none' }}>
      <rect
        x={2}
        y={2}
        width={SWATCH_W - 4}
        height={10}
        fill={color}
        fillOpacity={0.22}
        stroke={color}
        strokeWidth={2}
      />
    </svg>
  );
}

function Entry({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" component="li">
      {swatch}
      <Text size="xs">{children}</Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} c="dimmed">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * The key of what the map draws (issue 24, point 7): cable colour by capacity and line style
 * by type from the project's cable template, zones, and each point type's icon. Closed by
 * default so the side panel stays short.
 */
export function MapLegend() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const [open, setOpen] = useState(false);
  // The templates come with the elements: read again once loaded.
  useEditorState((s) => s.status);
  const cable = editor.templates.get('Cable')?.style ?? {};
  const zone = editor.templates.get('Zone')?.style.color ?? '#0d9488';
  const points = ELEMENT_TYPES.filter((type) => type.geometry === 'point');
  const label = t(open ? 'map.reading.legend.hide' : 'map.reading.legend.show');

  return (
    <Box mt="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={open ? 'map-legend' : undefined}
        title={label}
        w="100%"
      >
        <Group gap={4} wrap="nowrap">
          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          <Text fw={600} size="sm">
            {t('map.reading.legend.title')}
          </Text>
        </Group>
      </UnstyledButton>
      {open ? (
        <Stack
          id="map-legend"
          gap="sm"
          mt="xs"
          role="region"
          aria-label={t('map.reading.legend.title')}
        >
          <Section
            title={`${t('map.reading.legend.cables')} · ${t('map.reading.legend.capacity')}`}
          >
            <ul style={LIST} aria-label={t('map.reading.legend.capacity')}>
              {(cable.cables ?? []).map((c) => (
                <Entry key={c.capacity} swatch={<LineSwatch color={c.color} />}>
                  {t('map.reading.legend.fibres', { capacity: c.capacity })}
                </Entry>
              ))}
              <Entry swatch={<LineSwatch color={cable.color ?? FALLBACK_CABLE} />}>
                {t('map.reading.legend.otherCapacity')}
              </Entry>
            </ul>
          </Section>
          {cable.lines?.length ? (
            <Section title={t('map.reading.legend.lineType')}>
              <ul style={LIST} aria-label={t('map.reading.legend.lineType')}>
                {cable.lines.map((l) => (
                  <Entry
                    key={l.type}
                    swatch={<LineSwatch color={FALLBACK_CABLE} pattern={l.pattern} />}
                  >
                    {l.type}
                  </Entry>
                ))}
              </ul>
            </Section>
          ) : null}
          <Section title={t('map.reading.legend.zones')}>
            <ul style={LIST}>
              <Entry swatch={<ZoneSwatch color={zone} />}>{t('map.types.Zone')}</Entry>
            </ul>
          </Section>
          <Section title={t('map.reading.legend.points')}>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4} component="ul" style={LIST}>
              {points.map((type) => (
                <Entry
                  key={type.internalName}
                  swatch={
                    <Image src={defaultIconUrl(type.segment)} w={14} h={18} fit="contain" alt="" />
                  }
                >
                  {t(`map.types.${type.internalName}`)}
                </Entry>
              ))}
            </SimpleGrid>
            <Group gap={6} wrap="nowrap" mt={2}>
              <svg width={SWATCH_W} height={22} aria-hidden="true" style={{ flex: 'none' }}>
                <circle
                  cx={14}
                  cy={11}
                  r={10}
                  fill="rgba(30,41,59,0.7)"
                  stroke="#fff"
                  strokeWidth={2}
                />
                <text x={14} y={15} fontSize={10} fill="#fff" textAnchor="middle" fontWeight={600}>
                  12
                </text>
              </svg>
              <Text size="xs">{t('map.reading.legend.cluster')}</Text>
            </Group>
          </Section>
        </Stack>
      ) : null}
    </Box>
  );
}
