import { DEFAULT_MARKER_ICON_WIDTH } from './constants.ts';
import type { ElementTypeName } from './element-types.ts';
import type { AttributeDefinition, TemplateStyle } from './elements.ts';

/**
 * The template every project gets for each type (SPEC §3): Name, Coordinates, the dates,
 * and the type's own attributes. Derived attributes are computed by the server.
 */
const derived = (
  name: string,
  inputType: AttributeDefinition['inputType'] = 'text',
): AttributeDefinition => ({
  name,
  inputType,
  required: false,
  derived: true,
});
const dropdown = (name: string, options: string[], required = false): AttributeDefinition => ({
  name,
  inputType: 'dropdown',
  required,
  options,
});
const field = (
  name: string,
  inputType: AttributeDefinition['inputType'],
  required = false,
): AttributeDefinition => ({
  name,
  inputType,
  required,
});

const CAPACITIES = ['12', '24', '48', '96', '144'];

const OWN_ATTRIBUTES: Record<ElementTypeName, AttributeDefinition[]> = {
  PboFat: [
    dropdown('Capacity', ['8', '16', '24']),
    dropdown('Type', ['Aerial', 'Underground', 'Facade']),
    field('Place of Installation', 'place'),
    field('FAT Existing Users ID', 'place'),
    // How many users the list above holds (issue 17): PBO saturation is Existing Users ÷ Capacity.
    derived('Existing Users', 'number'),
  ],
  SpliceClosure: [
    dropdown('Capacity', CAPACITIES),
    dropdown('Type', ['Dome', 'Inline']),
    field('Place of Installation', 'place'),
  ],
  Pole: [
    dropdown('Type', ['Wood', 'Concrete', 'Steel']),
    field('Height', 'number'),
    field('Owner', 'text'),
  ],
  Manhole: [dropdown('Type', ['Standard', 'Chamber', 'Handhole'])],
  Loop: [field('Length', 'number'), dropdown('Capacity', CAPACITIES)],
  FDTSRO: [dropdown('Capacity', ['144', '288', '576']), dropdown('Type', ['Indoor', 'Outdoor'])],
  SFU: [dropdown('Type', ['Single family', 'Multi dwelling']), field('Capacity', 'number')],
  Building: [dropdown('Type', ['Residential', 'Commercial', 'Mixed']), field('Floors', 'number')],
  Cable: [
    derived('Length', 'number'),
    dropdown('Capacity', CAPACITIES),
    dropdown('Type', ['Feeder', 'Distribution', 'Drop']),
  ],
  Zone: [dropdown('Type', ['NRO', 'PMZ'])],
};

export function defaultTemplateAttributes(type: ElementTypeName): AttributeDefinition[] {
  return [
    { ...derived('Name'), required: true },
    derived('Coordinates'),
    ...OWN_ATTRIBUTES[type],
    derived('Creation Date', 'date'),
    derived('Last Modification Date', 'date'),
  ];
}

/** Colours per capacity from thin/light to thick/dark, as planners read them. */
const CABLE_COLOURS: Record<string, string> = {
  '12': '#22c55e',
  '24': '#0ea5e9',
  '48': '#6366f1',
  '96': '#f97316',
  '144': '#dc2626',
};

export function defaultTemplateStyle(type: ElementTypeName, segment: string): TemplateStyle {
  if (type === 'Cable') {
    return {
      color: '#334155',
      cables: CAPACITIES.map((capacity) => ({
        capacity,
        color: CABLE_COLOURS[capacity] ?? '#334155',
      })),
      lines: [
        { type: 'Feeder', pattern: 'solid' },
        { type: 'Distribution', pattern: 'dashed' },
        { type: 'Drop', pattern: 'dotted' },
      ],
    };
  }
  if (type === 'Zone') return { color: '#0d9488' };
  return {
    iconUrl: `/api/icons/${segment}.svg?width=${DEFAULT_MARKER_ICON_WIDTH}`,
    iconSize: DEFAULT_MARKER_ICON_WIDTH,
  };
}
