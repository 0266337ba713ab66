import { createTheme } from '@mantine/core';

// Emerald primary (SPEC §9, one of its two presets); no dark mode.
export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});
