/**
 * The demo organisation: two subsidiaries, three clients, main projects, projects, central
 * offices and clusters in Nairobi and Mombasa, and who is assigned where. The demo planner
 * and field user are assigned to some projects, not all, so the access rules show.
 */
export interface DemoProject {
  name: string;
  zoom: number;
  /** Where the project is: an empty cluster of it opens here (demo-locations.seed.ts). */
  location: { lat: number; lng: number };
  offices: { name: string; clusters: string[]; prefix: string }[];
}

export const DEMO_ORGANISATION: {
  subsidiary: string;
  country: string;
  clients: { name: string; mainProjects: { name: string; projects: DemoProject[] }[] }[];
}[] = [
  {
    subsidiary: 'Camusat Kenya',
    country: 'Kenya',
    clients: [
      {
        name: 'Safaricom',
        mainProjects: [
          {
            name: 'Nairobi FTTH',
            projects: [
              {
                name: 'Nairobi CBD',
                zoom: 14,
                location: { lat: -1.2864, lng: 36.8172 },
                offices: [
                  { name: 'CO Nairobi Central', clusters: ['CBD-01', 'CBD-02'], prefix: 'NBO' },
                  { name: 'CO Upper Hill', clusters: ['UPH-01'], prefix: 'UPH' },
                ],
              },
              {
                name: 'Westlands',
                zoom: 14,
                location: { lat: -1.2676, lng: 36.8108 },
                offices: [{ name: 'CO Westlands', clusters: ['WST-01', 'WST-02'], prefix: 'WST' }],
              },
            ],
          },
          {
            name: 'Mombasa FTTH',
            projects: [
              {
                name: 'Nyali',
                zoom: 14,
                location: { lat: -4.0223, lng: 39.7196 },
                offices: [{ name: 'CO Nyali', clusters: ['NYL-01'], prefix: 'NYL' }],
              },
            ],
          },
        ],
      },
      {
        name: 'Jamii Telecom',
        mainProjects: [
          {
            name: 'Nairobi Metro Fibre',
            projects: [
              {
                name: 'Kilimani',
                zoom: 15,
                location: { lat: -1.2898, lng: 36.7856 },
                offices: [{ name: 'CO Kilimani', clusters: ['KLM-01'], prefix: 'KLM' }],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    subsidiary: 'Camusat East Africa',
    country: 'Kenya',
    clients: [
      {
        name: 'Liquid Telecom',
        mainProjects: [
          {
            name: 'Mombasa Backbone',
            projects: [
              {
                name: 'Mombasa Island',
                zoom: 13,
                location: { lat: -4.0435, lng: 39.6682 },
                offices: [
                  { name: 'CO Mombasa Island', clusters: ['MSA-01', 'MSA-02'], prefix: 'MSA' },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** Who is assigned where: by email, to central offices and to clusters, by name. */
export const DEMO_ASSIGNMENTS: Record<string, { offices?: string[]; clusters?: string[] }> = {
  'planner@example.com': { offices: ['CO Nairobi Central'], clusters: ['WST-01'] },
  'field@example.com': { clusters: ['CBD-01', 'NYL-01'] },
  'viewer@example.com': { offices: ['CO Mombasa Island'] },
  'planner.mombasa@example.com': { offices: ['CO Mombasa Island', 'CO Nyali'] },
};
