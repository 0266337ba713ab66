import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ELEMENT_TYPES, type ElementTypeName } from '@integration/contracts';

const POINT_TYPES = ELEMENT_TYPES.filter((t) => t.geometry === 'point');

/** The type a new marker gets. */
export function PointTypeSelect({
  value,
  onChange,
  w = 150,
}: {
  value: ElementTypeName;
  onChange(next: ElementTypeName): void;
  w?: number;
}) {
  const { t } = useTranslation();
  return (
    <Select
      size="xs"
      w={w}
      aria-label={t('map.draw.pointType')}
      value={value}
      allowDeselect={false}
      data={POINT_TYPES.map((type) => ({
        value: type.internalName,
        label: t(`map.types.${type.internalName}`),
      }))}
      onChange={(next) => {
        if (next) onChange(next as ElementTypeName);
      }}
    />
  );
}
