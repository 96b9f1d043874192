import type { LocationType, Role } from '@depot/contract';

/** Every demo account logs in with this password (printed by `npm run demo`). */
export const DEMO_PASSWORD = 'depot-demo-password';
/** What a demo manager types when opening a supplier's account; the supplier replaces it at once. */
export const DEMO_ONE_TIME_PASSWORD = 'depot-demo-one-time-password';
const DEMO_DOMAIN = 'demo.depot.test';
export const demoEmail = (name: string) =>
  `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '')}@${DEMO_DOMAIN}`;

export interface DemoPerson {
  role: Exclude<Role, 'Supplier'>;
  name: string;
}

export interface DemoSupplier {
  name: string;
  phone: string;
  address: string;
  /** Which managers' goods they carry: product names, wholesale price ($), weight (kg). */
  catalogue: readonly [name: string, price: number, weight: number][];
  /** Which manager opens their account in Suppliers Management. */
  openedBy: string;
}

export interface DemoManager {
  name: string;
  warehouse: string;
  mobile: string;
  /** Stock at the start of the year: name, retail price ($), weight (kg), quantity. */
  stock: readonly [name: string, price: number, weight: number, quantity: number][];
}

export const DEMO_MANAGERS: readonly DemoManager[] = [
  {
    name: 'Priya Sharma',
    warehouse: 'Depot Warehouse 1, 14 Hadapsar Industrial Estate, Pune 411013',
    mobile: '+91 98220 11234',
    stock: [
      ['Steel Door Hinge', 4.5, 0.25, 180],
      ['Brass Cabinet Handle', 6.75, 0.12, 140],
      ['Wood Screws (box of 100)', 3.2, 0.45, 220],
      ['Copper Ball Valve 1/2"', 12.9, 0.38, 60],
      ['PVC Pipe 1" (3 m)', 8.4, 1.6, 90],
      ['Teak Wood Plank (2 m)', 42, 9.5, 35],
      ['Tile Adhesive (20 kg)', 15.5, 20, 45],
      ['LED Bulb 9 W', 2.1, 0.06, 300],
    ],
  },
  {
    name: 'Arjun Mehta',
    warehouse: 'Depot Warehouse 2, Plot 7, Peenya Phase II, Bengaluru 560058',
    mobile: '+91 99001 45678',
    stock: [
      ['Cordless Drill 18 V', 89, 1.7, 25],
      ['Safety Gloves (pair)', 1.8, 0.08, 400],
      ['Extension Cord 5 m', 7.6, 0.9, 80],
      ['Wall Paint White (10 L)', 34, 13, 40],
      ['Paint Roller 9"', 4.9, 0.3, 120],
      ['Masking Tape 48 mm', 1.6, 0.15, 260],
      ['Garden Hose 15 m', 18.5, 2.4, 30],
    ],
  },
];

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  {
    name: 'Bharat Hardware Supply',
    phone: '+91 20 2612 3344',
    address: '221 Bhavani Peth, Pune 411042',
    openedBy: 'Priya Sharma',
    catalogue: [
      ['Steel Door Hinge', 2.9, 0.25],
      ['Brass Cabinet Handle', 4.1, 0.12],
      ['Wood Screws (box of 100)', 1.9, 0.45],
      ['LED Bulb 9 W', 1.2, 0.06],
    ],
  },
  {
    name: 'Sahyadri Plumbing Wholesale',
    phone: '+91 20 2445 9812',
    address: '18 Market Yard Road, Pune 411037',
    openedBy: 'Priya Sharma',
    catalogue: [
      ['Copper Ball Valve 1/2"', 8.2, 0.38],
      ['PVC Pipe 1" (3 m)', 5.1, 1.6],
      ['Tile Adhesive (20 kg)', 9.8, 20],
    ],
  },
  {
    name: 'Konkan Timber Co.',
    phone: '+91 2352 224 610',
    address: 'MIDC Mirjole, Ratnagiri 415639',
    openedBy: 'Priya Sharma',
    catalogue: [
      ['Teak Wood Plank (2 m)', 27, 9.5],
      ['Wood Screws (box of 100)', 2.05, 0.45],
    ],
  },
  {
    name: 'Deccan Tools & Paints',
    phone: '+91 80 2839 4455',
    address: '45 SP Road, Bengaluru 560002',
    openedBy: 'Arjun Mehta',
    catalogue: [
      ['Cordless Drill 18 V', 61, 1.7],
      ['Wall Paint White (10 L)', 22.5, 13],
      ['Paint Roller 9"', 2.8, 0.3],
      ['Masking Tape 48 mm', 0.9, 0.15],
    ],
  },
  {
    name: 'Cauvery Safety & Garden',
    phone: '+91 80 2226 7788',
    address: '9 Kalasipalya Main Road, Bengaluru 560002',
    openedBy: 'Arjun Mehta',
    catalogue: [
      ['Safety Gloves (pair)', 0.95, 0.08],
      ['Extension Cord 5 m', 4.6, 0.9],
      ['Garden Hose 15 m', 11.2, 2.4],
    ],
  },
];

export const DEMO_COURIERS: readonly DemoPerson[] = [
  { role: 'Courier Service', name: 'Swift Couriers' },
  { role: 'Courier Service', name: 'MetroLink Logistics' },
  { role: 'Courier Service', name: 'Green Route Delivery' },
];

/** Staff who registered themselves today and wait for a manager's approval on the Team screen. */
export const DEMO_APPLICANTS: readonly DemoPerson[] = [
  { role: 'Inventory Manager', name: 'Farhan Qureshi' },
  { role: 'Courier Service', name: 'Konkan Coastal Couriers' },
];

export const DEMO_CUSTOMERS: readonly DemoPerson[] = [
  'Ananya Iyer',
  'Rohan Kulkarni',
  'Meera Nair',
  'Vikram Singh',
  'Sneha Patil',
  'Kabir Khan',
  'Divya Reddy',
  'Aditya Joshi',
  'Fatima Sheikh',
  'Rahul Verma',
  'Ishita Banerjee',
  'Nikhil Rao',
].map((name) => ({ role: 'Customer', name }));

/** Real PIN codes (in the offline data set) with a street and location type to go with them. */
export const DEMO_ADDRESSES: readonly [address: string, pin: string, location: LocationType][] = [
  ['12 Janpath Road, New Delhi', '110001', 'urban'],
  ['4 MG Road, Bengaluru', '560001', 'urban'],
  ['88 Marine Drive, Mumbai', '400020', 'urban'],
  ['31 Park Street, Kolkata', '700016', 'urban'],
  ['7 FC Road, Shivajinagar, Pune', '411005', 'urban'],
  ['22 Baner Road, Pune', '411045', 'suburban'],
  ['5 Whitefield Main Road, Bengaluru', '560066', 'suburban'],
  ['16 Sector 21, Gurugram', '122016', 'suburban'],
  ['Near Gram Panchayat, Lonavala', '410401', 'rural'],
  ['Main Bazaar, Coorg', '571201', 'rural'],
];

/** Orders per day through the year (January first): busier before Diwali and the year's end. */
export const MONTH_DEMAND = [0.8, 0.75, 0.95, 1.05, 1, 0.85, 0.8, 0.85, 1, 1.35, 1.5, 1.2];
