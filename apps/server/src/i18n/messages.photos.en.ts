/** Messages of the photos hardening (issue 25), in English; spread into the catalogue. */
export const photosEn = {
  'photos.userQuota':
    'Your photos in project {project} already take {used} MB of the {max} MB each person may keep there: delete some or ask an administrator.',
  'photos.projectQuota':
    'The photos of project {project} already take {used} MB of the {max} MB a project may keep: delete some or ask an administrator.',
  'photos.scanBeforeTag':
    'The scan date {date} is before tag {code} was created ({created}): check the phone’s date.',
  'photos.scanInFuture': 'The scan date {date} is in the future: check the phone’s date.',
  'photos.deleted': 'Photo deleted.',
} as const;
