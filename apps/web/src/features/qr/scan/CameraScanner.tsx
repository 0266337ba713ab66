import { Alert, Box, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompact } from '../../../app/useCompact.ts';
import { createQrDetector, openBackCamera, type CameraProblem } from './qr-detector.ts';
import { parseTagCode } from './tag-code.ts';

/** Frames decoded per second: enough to feel instant, little enough for an old phone. */
const DECODE_EVERY_MS = 200;

type Status = 'starting' | 'scanning' | 'notTag' | CameraProblem;

/** The camera's view, decoded until a tag's QR code is in it. */
export function CameraScanner({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('qrScan.camera.title')}
      fullScreen={compact}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {opened && <CameraView onClose={onClose} onCode={onCode} />}
    </Modal>
  );
}

function CameraView({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('starting');
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void (async () => {
      const camera = await openBackCamera();
      if (stopped) {
        if (typeof camera !== 'string') camera.getTracks().forEach((track) => track.stop());
        return;
      }
      if (typeof camera === 'string') return setStatus(camera);
      stream = camera;
      const element = video.current;
      if (!element) return;
      element.srcObject = camera;
      await element.play().catch(() => undefined);
      const detector = await createQrDetector().catch(() => null);
      if (!detector) {
        // No reader: the camera goes off rather than filming for nothing.
        camera.getTracks().forEach((track) => track.stop());
        return setStatus('failed');
      }
      setStatus('scanning');
      const tick = async () => {
        if (stopped) return;
        if (element.readyState >= element.HAVE_CURRENT_DATA) {
          const codes = await detector.detect(element).catch(() => []);
          const text = codes[0]?.rawValue;
          const code = text ? parseTagCode(text) : null;
          if (code && !stopped) return found.current(code);
          if (text) setStatus('notTag');
        }
        timer = setTimeout(() => void tick(), DECODE_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const problem = status !== 'starting' && status !== 'scanning' && status !== 'notTag';
  return (
    <Stack>
      {problem ? (
        <Alert color="orange" role="alert">
          {t(`qrScan.camera.${status}`)}
        </Alert>
      ) : (
        <>
          <Box
            component="video"
            ref={video}
            muted
            playsInline
            aria-label={t('qrScan.camera.view')}
            w="100%"
            mah="60vh"
            bg="black"
            style={{ objectFit: 'cover', borderRadius: 8 }}
          />
          <Text role="status" aria-live="polite">
            {status === 'notTag' ? t('qrScan.camera.notTag') : t('qrScan.camera.aim')}
          </Text>
        </>
      )}
      <Button variant="default" size="md" onClick={onClose}>
        {t('qrScan.camera.cancel')}
      </Button>
    </Stack>
  );
}
