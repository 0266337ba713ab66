/** A NumberInput that takes whole numbers only (SPEC §5: tag counts are integers). */
export const INTEGER_INPUT = {
  allowDecimal: false,
  allowNegative: false,
  clampBehavior: 'strict',
} as const;
