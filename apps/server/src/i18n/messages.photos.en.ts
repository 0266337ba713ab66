/** Messages of the photos hardening (issue 25), in English; spread into the catalogue. */
export const photosEn = {
  'photos.userQuota':
    'This photo ({size} MB) would take your photos in project {project} beyond the {max} MB each person may keep there ({used} MB used): delete some or ask an administrator.',
  'photos.projectQuota':
    'This photo ({size} MB) would take the photos of project {project} beyond the {max} MB a project may keep ({used} MB used): delete some or ask an administrator.',
  'photos.scanBeforeTag':
    'The scan date {date} is before tag {code} was created ({created}): check the phone’s date.',
  'photos.scanInFuture': 'The scan date {date} is in the future: check the phone’s date.',
  'photos.deleted': 'Photo deleted.',
} as const;
