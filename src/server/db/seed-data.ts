import type { LocationName } from '@shared/constants/locations';
import type { ServiceType } from '@shared/constants/service-types';

export const DEMO_PASSWORD = 'wrenchly-demo';

export const PLANS = [
  {
    name: 'Basic',
    priceCents: 299,
    rank: 1,
    popular: false,
    description: 'Everything you need to get listed and start receiving leads.',
    features: [
      'Platform access',
      'Lead notifications',
      'Basic support',
      'Profile listing',
      'Up to 10 jobs per month',
    ],
  },
  {
    name: 'Premium',
    priceCents: 499,
    rank: 2,
    popular: true,
    description: 'More visibility and more jobs for growing mobile businesses.',
    features: [
      'Everything in Basic',
      'Featured listing',
      'Priority support',
      'Analytics dashboard',
      'Up to 25 jobs per month',
      'Advanced search visibility',
    ],
  },
  {
    name: 'Professional',
    priceCents: 699,
    rank: 3,
    popular: false,
    description: 'The complete toolkit, including the point-of-sale system.',
    features: [
      'Everything in Premium',
      'Unlimited jobs',
      'Exclusive point-of-sale system',
      'Advanced analytics and reporting',
      'Custom branding',
      'API access',
    ],
  },
] as const;

export type SeedTechnician = {
  username: string;
  firstName: string;
  lastName: string;
  phone: string;
  location: LocationName;
  specialties: ServiceType[];
  certifications: string[];
  rateDollars: number;
  years: number;
  radius: number;
  available: boolean;
  bio: string | null;
  completedJobs: number;
  /** Review ratings, newest first; comments cycle through REVIEW_COMMENTS. */
  ratings: number[];
};

export const TECHNICIANS: SeedTechnician[] = [
  {
    username: 'technician',
    firstName: 'Marcus',
    lastName: 'Johnson',
    phone: '(301) 555-0101',
    location: 'Hyattsville, MD',
    specialties: ['Engine Repair', 'Diagnostics', 'Electrical'],
    certifications: ['ASE Master Technician', 'EPA 609'],
    rateDollars: 95,
    years: 15,
    radius: 30,
    available: true,
    bio: 'ASE Master Technician with fifteen years in dealership and mobile service. I bring a full diagnostic kit to your driveway and explain every repair before I start.',
    completedJobs: 212,
    ratings: [5, 5, 4, 5, 5, 4, 5],
  },
  {
    username: 'sofia.ramirez',
    firstName: 'Sofia',
    lastName: 'Ramirez',
    phone: '(301) 555-0102',
    location: 'Landover, MD',
    specialties: ['Brake Service', 'Suspension', 'General Maintenance'],
    certifications: ['ASE A5 Brakes', 'ASE A4 Suspension & Steering'],
    rateDollars: 85,
    years: 9,
    radius: 25,
    available: true,
    bio: 'Brakes, suspension and steering are my specialty. Most brake jobs are done in under two hours at your home or office.',
    completedJobs: 143,
    ratings: [5, 4, 5, 5, 3],
  },
  {
    username: 'derrick.okafor',
    firstName: 'Derrick',
    lastName: 'Okafor',
    phone: '(301) 555-0103',
    location: 'Waldorf, MD',
    specialties: ['Oil Change', 'General Maintenance', 'Brake Service'],
    certifications: ['ASE G1 Maintenance & Light Repair'],
    rateDollars: 70,
    years: 6,
    radius: 35,
    available: true,
    bio: 'Fast, honest maintenance across Charles County: oil changes, filters, fluids and brakes with quality parts.',
    completedJobs: 98,
    ratings: [4, 5, 4, 4],
  },
  {
    username: 'aisha.thompson',
    firstName: 'Aisha',
    lastName: 'Thompson',
    phone: '(202) 555-0104',
    location: 'Washington, DC',
    specialties: ['Electrical', 'Diagnostics', 'AC Repair'],
    certifications: ['ASE A6 Electrical', 'ASE A7 Heating & AC', 'Hybrid/EV Certified'],
    rateDollars: 110,
    years: 12,
    radius: 20,
    available: true,
    bio: 'Electrical gremlins, check-engine lights and hybrid systems. I carry factory-level scan tools for most makes.',
    completedJobs: 187,
    ratings: [5, 5, 5, 4, 5, 5],
  },
  {
    username: 'kevin.nguyen',
    firstName: 'Kevin',
    lastName: 'Nguyen',
    phone: '(301) 555-0105',
    location: 'Bowie, MD',
    specialties: ['Transmission', 'Engine Repair'],
    certifications: ['ASE A2 Automatic Transmission', 'ASE A1 Engine Repair'],
    rateDollars: 120,
    years: 18,
    radius: 30,
    available: true,
    bio: 'Transmission and engine work done right. Eighteen years rebuilding drivetrains; I will tell you when a repair is not worth it.',
    completedJobs: 254,
    ratings: [5, 4, 5, 5, 4, 5, 4, 5],
  },
  {
    username: 'brianna.scott',
    firstName: 'Brianna',
    lastName: 'Scott',
    phone: '(301) 555-0106',
    location: 'Laurel, MD',
    specialties: ['AC Repair', 'Electrical', 'General Maintenance'],
    certifications: ['ASE A7 Heating & AC', 'EPA 609'],
    rateDollars: 90,
    years: 8,
    radius: 25,
    available: true,
    bio: 'Keeping you cool in the summer and warm in the winter. AC recharge, compressor and heater core work at your location.',
    completedJobs: 121,
    ratings: [4, 5, 3, 5],
  },
  {
    username: 'tyrone.williams',
    firstName: 'Tyrone',
    lastName: 'Williams',
    phone: '(301) 555-0107',
    location: 'Riverdale, MD',
    specialties: ['Brake Service', 'Oil Change', 'Suspension'],
    certifications: ['ASE A5 Brakes'],
    rateDollars: 75,
    years: 5,
    radius: 20,
    available: true,
    bio: null,
    completedJobs: 64,
    ratings: [4, 4, 5],
  },
  {
    username: 'elena.petrova',
    firstName: 'Elena',
    lastName: 'Petrova',
    phone: '(301) 555-0108',
    location: 'Mechanicsville, MD',
    specialties: ['Diagnostics', 'Engine Repair', 'General Maintenance'],
    certifications: ['ASE Master Technician'],
    rateDollars: 100,
    years: 14,
    radius: 35,
    available: true,
    bio: 'Serving Southern Maryland with dealer-grade diagnostics and engine repair. Farm trucks and commuter cars alike.',
    completedJobs: 176,
    ratings: [5, 5, 4, 5],
  },
  {
    username: 'james.carter',
    firstName: 'James',
    lastName: 'Carter',
    phone: '(410) 555-0109',
    location: 'Prince Frederick, MD',
    specialties: ['Suspension', 'Brake Service', 'Transmission'],
    certifications: ['ASE A4 Suspension & Steering', 'ASE A3 Manual Drive Train'],
    rateDollars: 80,
    years: 11,
    radius: 30,
    available: true,
    bio: 'Calvert County mobile mechanic: suspension, brakes and drivetrain. Same-week appointments.',
    completedJobs: 133,
    ratings: [4, 5, 4, 2, 5],
  },
  {
    username: 'priya.patel',
    firstName: 'Priya',
    lastName: 'Patel',
    phone: '(202) 555-0110',
    location: 'Washington, DC',
    specialties: ['Oil Change', 'General Maintenance', 'Diagnostics'],
    certifications: ['ASE G1 Maintenance & Light Repair', 'Hybrid/EV Certified'],
    rateDollars: 85,
    years: 4,
    radius: 15,
    available: true,
    bio: 'Maintenance for busy city drivers, including hybrids. I come to your parking garage.',
    completedJobs: 57,
    ratings: [5, 4, 5],
  },
  {
    username: 'robert.king',
    firstName: 'Robert',
    lastName: 'King',
    phone: '(301) 555-0111',
    location: 'Hyattsville, MD',
    specialties: ['Engine Repair', 'Transmission', 'Electrical'],
    certifications: ['ASE A1 Engine Repair', 'ASE A6 Electrical'],
    rateDollars: 105,
    years: 22,
    radius: 25,
    available: false,
    bio: 'Twenty-two years under the hood. Currently booked; contact me for scheduling next month.',
    completedJobs: 301,
    ratings: [5, 5, 4, 4, 5],
  },
  {
    username: 'lauren.brooks',
    firstName: 'Lauren',
    lastName: 'Brooks',
    phone: '(301) 555-0112',
    location: 'Bowie, MD',
    specialties: ['Brake Service', 'AC Repair', 'Oil Change'],
    certifications: ['ASE A5 Brakes', 'ASE A7 Heating & AC'],
    rateDollars: 80,
    years: 7,
    radius: 25,
    available: true,
    bio: null,
    completedJobs: 88,
    ratings: [3, 4, 4, 1, 5],
  },
  {
    username: 'omar.haddad',
    firstName: 'Omar',
    lastName: 'Haddad',
    phone: '(301) 555-0113',
    location: 'Landover, MD',
    specialties: ['Diagnostics', 'Electrical', 'Engine Repair'],
    certifications: ['ASE L1 Advanced Engine Performance'],
    rateDollars: 115,
    years: 16,
    radius: 30,
    available: false,
    bio: 'Drivability and advanced engine performance specialist. If other shops could not find it, call me.',
    completedJobs: 199,
    ratings: [5, 4, 5],
  },
  {
    username: 'grace.kim',
    firstName: 'Grace',
    lastName: 'Kim',
    phone: '(301) 555-0114',
    location: 'Laurel, MD',
    specialties: ['General Maintenance', 'Suspension', 'Brake Service'],
    certifications: ['ASE G1 Maintenance & Light Repair'],
    rateDollars: 75,
    years: 3,
    radius: 20,
    available: true,
    bio: 'Friendly, careful and on time. Routine maintenance and brake work at your home.',
    completedJobs: 41,
    ratings: [5, 5, 4],
  },
];

export const REVIEW_COMMENTS: (string | null)[] = [
  'Showed up on time and fixed the problem in my driveway. Highly recommend.',
  'Explained everything clearly and the price matched the quote.',
  null,
  'Professional and friendly. Saved me a tow to the shop.',
  'Good work, a little later than scheduled.',
  'Diagnosed an issue two shops missed.',
  null,
  'Fair price and fast service.',
];

/** The demo customer's vehicles (VINs carry a valid check digit). */
export const DEMO_VEHICLES = {
  civic: { year: 2018, make: 'Honda', model: 'Civic', vin: '2HGFC2F58JH512345', mileage: 66_850 },
  altima: {
    year: 2015,
    make: 'Nissan',
    model: 'Altima',
    vin: '1N4AL3AP4FC198765',
    mileage: 98_500,
  },
} as const;
export type DemoVehicleKey = keyof typeof DEMO_VEHICLES;

/** Contact Us messages in the admin's inbox; `handled` ones were marked handled. */
export const CONTACT_MESSAGES: {
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  hoursAgo: number;
  handled: boolean;
}[] = [
  {
    name: 'Howard Pike',
    email: 'howard.pike@example.com',
    phone: '(301) 555-0152',
    subject: 'Can I change my arrival window?',
    message:
      'My technician proposed Thursday morning but I will be at work. Can I ask for an afternoon slot instead, or should I decline the window on the request page?',
    hoursAgo: 6,
    handled: false,
  },
  {
    name: 'Victor Chen',
    email: 'victor.chen@example.com',
    phone: null,
    subject: 'Fleet maintenance for a delivery business',
    message:
      'We run eight delivery vans out of Landover and are looking for a mobile service partner for oil changes and brakes. Do you offer fleet accounts?',
    hoursAgo: 30,
    handled: false,
  },
  {
    name: 'Lena Morales',
    email: 'lena.morales@example.com',
    phone: '(240) 555-0170',
    subject: 'How are technicians vetted?',
    message:
      'Before I book, I would like to know how you check technicians. Are licenses and insurance verified, and how often?',
    hoursAgo: 75,
    handled: false,
  },
  {
    name: 'Natalie Brooks',
    email: 'natalie.brooks@example.com',
    phone: '(240) 555-0131',
    subject: 'Copy of my oil change invoice',
    message:
      'I need a copy of the invoice for my oil change last month for my records. Could you send it to this address?',
    hoursAgo: 25 * 24,
    handled: true,
  },
];
