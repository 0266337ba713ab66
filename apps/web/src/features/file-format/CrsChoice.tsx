import { Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A delivery's coordinate system: the choices a format offers (Lambert-93, WGS 84, the server's
 * own choice…) and "another EPSG code", typed when chosen and said when it is not a code.
 */
export function CrsChoice<V extends string>({
  choices,
  value,
  onChange,
  otherCrs,
  onOtherCrs,
  invalid,
  placeholder,
}: {
  choices: { value: V; label: string }[];
  value: V | 'other';
  onChange: (value: V | 'other') => void;
  otherCrs: string;
  onOtherCrs: (text: string) => void;
  invalid: boolean;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group
        label={t('fileFormat.exchange.crs.label')}
        value={value}
        onChange={(next) => onChange(next as V | 'other')}
      >
        <Stack gap={6} mt={6}>
          {choices.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} />
          ))}
          <Radio value="other" label={t('fileFormat.exchange.crs.other')} />
        </Stack>
      </Radio.Group>
      {value === 'other' ? (
        <TextInput
          label={t('fileFormat.exchange.crs.code')}
          description={t('fileFormat.exchange.crs.codeHint')}
          placeholder={placeholder}
          inputMode="numeric"
          value={otherCrs}
          onChange={(e) => onOtherCrs(e.currentTarget.value)}
          error={invalid && otherCrs.trim() ? t('fileFormat.exchange.crs.invalid') : null}
        />
      ) : null}
    </>
  );
}
