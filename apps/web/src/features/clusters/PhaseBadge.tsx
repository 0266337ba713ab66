import { Badge } from '@mantine/core';
import type { ProjectPhase } from '@integration/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ProjectPhase, string> = {
  'In-Progress': 'blue',
  Completed: 'teal',
  Cancelled: 'gray',
};

export function PhaseBadge({ phase }: { phase: ProjectPhase }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[phase]} variant="light">
      {t(`clusters.phases.${phase}`)}
    </Badge>
  );
}
