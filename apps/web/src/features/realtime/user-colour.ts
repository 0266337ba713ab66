/** Distinct, legible on the light and the satellite base maps; a user keeps theirs. */
const PALETTE = [
  '#1971c2',
  '#e8590c',
  '#2f9e44',
  '#c2255c',
  '#6741d9',
  '#0c8599',
  '#a61e4d',
  '#5c940d',
  '#d9480f',
  '#364fc7',
];

export const userColour = (userId: number): string =>
  PALETTE[Math.abs(userId * 7) % PALETTE.length] ?? '#1971c2';

/** Up to two initials of a name, for avatars. */
export const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
