import {
  Badge,
  Button,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorElement } from '../core/editor-element.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

const WRAP = {
  root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

/**
 * Local changes that will never be saved as they are: refused by the server (its reason kept
 * on each element), or, on a read-only map, any change at all (left in the browser by an
 * earlier session). Each is named with the server's whole message and can be discarded, so
 * the map shows the server's copy again and nothing stays unsaved.
 */
export function UnsavableChanges() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const canEdit = useEditorState((s) => s.canEdit);
  useEditorState((s) => s.revision);
  useEditorState((s) => s.save);
  const [open, setOpen] = useState(false);
  const stuck = [...editor.collection.all()].filter(
    (e) => e.problem || (!canEdit && e.status !== 'none'),
  );
  if (stuck.length === 0) return null;
  const discard = (keys: string[]) => {
    if (keys.length === stuck.length) setOpen(false);
    void editor.discard(keys);
  };
  const label = canEdit
    ? t('map.access.refused', { count: stuck.length })
    : t('map.access.cannotSave', { count: stuck.length });
  return (
    <Popover opened={open} onChange={setOpen} position="top-end" width={340} shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          <Badge
            component="span"
            color="red"
            variant="light"
            size="lg"
            tt="none"
            leftSection={<IconAlertTriangle size={14} />}
            // Wraps in a narrow place rather than cutting the count short.
            styles={WRAP}
          >
            {label}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 16px)">
        <Stack gap="xs" role="region" aria-label={t('map.access.unsavedTitle')}>
          <Text size="sm" fw={600}>
            {t('map.access.unsavedTitle')}
          </Text>
          <Text size="xs" c="dimmed">
            {canEdit ? t('map.access.refusedHelp') : t('map.access.readOnlyHelp')}
          </Text>
          <ScrollArea.Autosize mah={240}>
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {stuck.map((e) => (
                <Change key={e.key} element={e} onDiscard={() => discard([e.key])} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {stuck.length > 1 ? (
            <Group justify="flex-end">
              <Button size="xs" color="red" onClick={() => discard(stuck.map((e) => e.key))}>
                {t('map.access.discardAll', { count: stuck.length })}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function Change({ element, onDiscard }: { element: EditorElement; onDiscard(): void }) {
  const { t } = useTranslation();
  const type = t(`map.types.${element.type}`);
  const what = element.name ? `${type} ${element.name}` : t('map.access.newElement', { type });
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {what} · {t(`map.detail.statuses.${element.status}`)}
        </Text>
        <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
          {element.problem ?? t('map.access.notAllowed')}
        </Text>
      </Stack>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        aria-label={t('map.access.discardOne', { what })}
        onClick={onDiscard}
      >
        {t('map.access.discard')}
      </Button>
    </Group>
  );
}
