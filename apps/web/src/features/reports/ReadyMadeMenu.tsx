import { Button, Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChevronDown, IconTemplate } from '@tabler/icons-react';
import type { ReportBody } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { reportKeys, reportsApi } from './reports.api.ts';

/** Starts a report from one an FTTH planner recognises (PBO saturation, inventory…). */
export function ReadyMadeMenu({ onChoose }: { onChoose: (report: ReportBody) => void }) {
  const { t } = useTranslation();
  const readyMade = useQuery({ queryKey: reportKeys.readyMade(), queryFn: reportsApi.readyMade });
  if (!readyMade.data?.length) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="light"
          leftSection={<IconTemplate size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {t('reports.list.readyMade')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {readyMade.data.map((report) => (
          <Menu.Item key={report.name} onClick={() => onChoose(report)}>
            {report.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
