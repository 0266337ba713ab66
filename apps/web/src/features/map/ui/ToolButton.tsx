import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon } from './toolbar-model.ts';

interface ToolButtonProps {
  label: string;
  icon: Icon;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}

/** A toolbar button: an icon named by its label, pressed while its tool is on. */
export function ToolButton({ label, icon: Glyph, active, disabled, onClick }: ToolButtonProps) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size="lg"
        variant={active ? 'filled' : 'subtle'}
        aria-label={label}
        aria-pressed={active ?? false}
        disabled={disabled}
        onClick={onClick}
      >
        <Glyph size={20} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
