/** Messages of the reports hardening (issue 25), in English; spread into the catalogue. */
export const reportsEn = {
  'reports.list.more': 'and {count} more',
  'reports.note.listCapped':
    'Lists show at most {values} different values of at most {chars} characters each; the count of the others follows them.',
  'reports.note.outOfRange':
    '{metric}: {count} result(s) beyond the range of numbers were left empty.',
  'reports.tooLarge':
    'This run would answer {size}, more than the {limit} a report may: run it on a central office or a cluster, or list fewer attributes.',
} as const;
