import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconCamera, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraScanner } from './CameraScanner.tsx';
import { parseTagCode } from './tag-code.ts';

/** Scan a tag's QR with the camera, or type its code (iPhones, a worn label). */
export function TagFinder({
  onFound,
  heading,
}: {
  onFound: (code: string) => void;
  heading: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = parseTagCode(text);
    if (!code) return setError(t('qrScan.find.invalid'));
    setError(null);
    setText('');
    onFound(code);
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={heading}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {heading}
        </Title>
        <Button size="lg" leftSection={<IconCamera aria-hidden />} onClick={() => setCamera(true)}>
          {t('qrScan.find.camera')}
        </Button>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <TextInput
              label={t('qrScan.find.code')}
              placeholder="POL00001"
              value={text}
              error={error}
              onChange={(e) => setText(e.currentTarget.value)}
              autoCapitalize="characters"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              size="md"
              flex={1}
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <Button
              type="submit"
              size="md"
              variant="light"
              mt={27}
              leftSection={<IconSearch aria-hidden size={18} />}
            >
              {t('qrScan.find.submit')}
            </Button>
          </Group>
        </form>
      </Stack>
      <CameraScanner
        opened={camera}
        onClose={() => setCamera(false)}
        onCode={(code) => {
          setCamera(false);
          onFound(code);
        }}
      />
    </Paper>
  );
}
