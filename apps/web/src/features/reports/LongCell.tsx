import { Anchor, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Texts longer than this are folded to three lines: a LIST of 100 values is thousands. */
const FOLD_CHARS = 240;

/** A cell's text, folded when long, with a link to read it whole and fold it again. */
export function LongCell({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (text.length <= FOLD_CHARS) return <>{text}</>;
  return (
    <>
      <Text size="sm" lineClamp={open ? undefined : 3} style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <Anchor component="button" type="button" size="xs" onClick={() => setOpen(!open)}>
        {open ? t('reports.view.showLess') : t('reports.view.showAll')}
      </Anchor>
    </>
  );
}
