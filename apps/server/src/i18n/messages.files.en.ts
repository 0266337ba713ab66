/** Messages of the files hardening (issue 25), in English; spread into the catalogue. */
export const filesEn = {
  'files.warn.textCut':
    "'{file}': {count} value(s) too long for an import were cut ({fields}): names keep {name} characters, other values {value}.",
  'files.warn.more': '…and {count} more warning(s).',
  'files.fieldNameTooLong':
    "'{file}', layer '{layer}': the field name '{field}' is longer than {max} characters.",
  'files.exportCancelled': 'The export was cancelled.',
} as const;
