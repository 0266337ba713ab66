import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QrTagView } from '@integration/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { ScanLocationShare } from '../../realtime/ScanLocationShare.tsx';
import { errorMessage } from '../../../app/error-message.ts';
import { formatDate } from '../../../app/format.ts';
import { LinkTagForm } from './LinkTagForm.tsx';
import { OutboxStatus } from './OutboxStatus.tsx';
import { scanApi, scanKeys } from './scan.api.ts';
import { returnToTag } from './return-to-tag.ts';
import { parseTagCode, tagPath } from './tag-code.ts';
import { TagFinder } from './TagFinder.tsx';
import { TagSummary } from './TagSummary.tsx';
import { useOutboxSending, useScanOutbox } from './useScanOutbox.ts';

/**
 * The field's scan page (issue "QR asset tags"): `/qr/scan` finds a tag by camera or by its
 * code; `/t/{code}`, the link on the label, opens the tag itself.
 */
export function ScanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const param = useParams().code;
  const code = param ? (parseTagCode(param) ?? param.toUpperCase()) : null;
  const find = (found: string) => navigate(tagPath(found));
  // Arrived: a later sign-in in this tab goes to the projects again.
  useEffect(() => returnToTag.forget(), []);
  useOutboxSending();
  return (
    <Stack maw={640} mx="auto" gap="md" pb="xl">
      <OutboxStatus />
      <ScanLocationShare code={code} />
      {code ? (
        <>
          <TagView code={code} />
          <TagFinder heading={t('qrScan.find.another')} onFound={find} />
        </>
      ) : (
        <>
          <Title order={1} size="h2">
            {t('qrScan.title')}
          </Title>
          <TagFinder heading={t('qrScan.find.title')} onFound={find} />
        </>
      )}
    </Stack>
  );
}

function TagView({ code }: { code: string }) {
  const { t } = useTranslation();
  const tag = useQuery({
    queryKey: scanKeys.tag(code),
    queryFn: () => scanApi.tag(code),
    // An unknown code is said at once; only a lost or failing server is worth retrying.
    retry: (count, error) =>
      count < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
  });
  if (tag.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('qrScan.tag.loading')} />
      </Center>
    );
  }
  if (tag.isError) {
    return (
      <Alert color="red" role="alert" title={code}>
        {errorMessage(tag.error, t)}
      </Alert>
    );
  }
  return (
    <>
      <TagSummary tag={tag.data} />
      <Waiting code={tag.data.code} />
      {!tag.data.canScan ? (
        <ReadOnlyNote tag={tag.data} />
      ) : tag.data.scanned ? (
        <Relink key={tag.data.code} tag={tag.data} />
      ) : (
        // Keyed by code: another tag starts with no element chosen and no photos.
        <LinkTagForm key={tag.data.code} tag={tag.data} />
      )}
    </>
  );
}

/** A scan of this tag confirmed here but not yet on the server. */
function Waiting({ code }: { code: string }) {
  const { t } = useTranslation();
  const { waiting } = useScanOutbox();
  const mine = waiting.filter((item) => item.code === code);
  if (mine.length === 0) return null;
  return (
    <Alert color="yellow" title={t('qrScan.tag.waitingTitle')}>
      {mine.map((item) => (
        <Text key={item.id}>
          {t('qrScan.tag.waiting', {
            element: item.elementName,
            when: formatDate(item.body.scannedAt),
            count: item.photos.length,
          })}
        </Text>
      ))}
    </Alert>
  );
}

/** A scanned tag is linked again only on purpose: the form waits behind a button. */
function Relink({ tag }: { tag: QrTagView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open) return <LinkTagForm tag={tag} />;
  return (
    <Button variant="default" size="md" onClick={() => setOpen(true)}>
      {t('qrScan.link.relink')}
    </Button>
  );
}

function ReadOnlyNote({ tag }: { tag: QrTagView }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" title={t('qrScan.readOnly.title')}>
      {t('qrScan.readOnly.body', { cluster: tag.clusterName })}
    </Alert>
  );
}
