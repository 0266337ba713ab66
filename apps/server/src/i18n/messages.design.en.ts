/** Messages of the design checks (issue 27), in English; spread into the catalogue. */
export const designEn = {
  'design.overBudget':
    '{home} loses {lossDb} dB on its way to the OLT, over the {budgetDb} dB budget (margin {marginDb} dB).',
  'design.nearBudget':
    '{home} loses {lossDb} dB, over {share} % of the {budgetDb} dB budget (margin {marginDb} dB).',
  'design.splitTooDeep':
    "{home}'s light is split 1:{split} by the splitters on its path, more than the 1:{max} allowed.",
  'design.dropTooLong': 'Drop {drop} to {home} is {lengthM} m long, over the {maxM} m allowed.',
  'design.pboFull': '{pbo} has {used} users on {ports} ports ({percent} %).',
  'design.pboNearlyFull':
    '{pbo} has {used} of its {ports} ports in use ({percent} %, over {share} %).',
  'design.cableOverfilled':
    'Cable {cable} has {taken} fibres used or reserved, more than its capacity of {capacity}.',
  'design.cableNoSpare':
    'Cable {cable} keeps {free} free fibres of {fibres}, under the {share} % spare a feeder or distribution cable keeps.',
  'design.trayFull': '{enclosure}: tray {tray} holds {splices} splices, more than its {capacity}.',
  'design.homeNotLit': '{home} does not reach an OLT port: its path ends open.',
  'design.homeNoDrop': '{home} has no drop: no cable with fibres ends on it.',
  'design.pathLoops': "{home}'s path loops back on itself.",
  'design.cableStartLoose':
    'Cable {cable} starts on no enclosure, home or central office (within {toleranceM} m).',
  'design.cableEndLoose':
    'Cable {cable} ends on no enclosure, home or central office (within {toleranceM} m).',
  'design.outsideZone': '{element} lies outside every zone of its cluster.',
  'design.zonesOverlap': 'Zones {zone} and {other} overlap ({squareM} m²).',
  'design.lengthMismatch':
    'Cable {cable} has a stored length of {storedM} m, its line is {geodesicM} m (more than {percent} % apart).',
  'design.attributesMissing': '{element}: required {attributes} left empty.',
  'design.sheet.title': 'Design problems — {name}',
  'design.sheet.severity': 'Severity',
  'design.sheet.rule': 'Rule',
  'design.sheet.message': 'Problem',
  'design.sheet.elements': 'Elements',
  'design.sheet.error': 'Error',
  'design.sheet.warning': 'Warning',
  'design.sheet.checkedAt': 'Checked at',
  'design.sheet.filename': 'Design problems {name}.xlsx',
  'design.rule.lossBudget': 'Loss budget',
  'design.rule.splitRatio': 'Split ratio',
  'design.rule.dropLength': 'Drop length',
  'design.rule.pboSaturation': 'PBO-FAT saturation',
  'design.rule.cableFill': 'Cable fill',
  'design.rule.trayCapacity': 'Tray capacity',
  'design.rule.continuity': 'Continuity',
  'design.rule.geometry': 'Geometry',
  'design.rule.completeness': 'Completeness',
  'design.settingsSaved': 'Design thresholds saved.',
} as const;
