import { ActionIcon, Tooltip } from '@mantine/core';
import type { Icon, Tool } from './toolbar-model.ts';

/** A toolbar button: an icon named by its label, pressed while its tool is on. */
export function ToolButton({
  label,
  icon: Glyph,
  active,
  disabled,
  onClick,
}: Omit<Tool, 'active' | 'icon'> & { active?: boolean; icon: Icon }) {
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
