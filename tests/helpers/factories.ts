import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role, UserStatus } from '../../src/shared/constants/domain';
import { LOCATIONS } from '../../src/shared/constants/locations';
import {
  paymentConnections,
  plans,
  subscriptions,
  technicians,
  users,
  verifications,
} from '../../src/server/db/schema';
import { createTokenCipher } from '../../src/server/infra/payments/token-cipher';
import { hashPassword } from '../../src/server/infra/password';

let seq = 0;
const next = () => `${process.pid}${++seq}`;
let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';

export async function createUser(
  app: FastifyInstance,
  opts: {
    role?: Role;
    status?: UserStatus;
    username?: string;
    email?: string;
    firstName?: string;
  } = {},
) {
  const n = next();
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await app.db
    .insert(users)
    .values({
      username: opts.username ?? `user${n}`,
      email: opts.email ?? `user${n}@example.com`,
      passwordHash: await cachedHash,
      role: opts.role ?? 'customer',
      status: opts.status ?? 'approved',
      firstName: opts.firstName ?? `First${n}`,
      lastName: `Last${n}`,
    })
    .returning();
  return user!;
}

export async function createTechnician(
  app: FastifyInstance,
  opts: {
    status?: UserStatus;
    location?: (typeof LOCATIONS)[number];
    latitude?: number;
    longitude?: number;
    specialties?: string[];
    isAvailable?: boolean;
    serviceRadiusMiles?: number;
    hourlyRateCents?: number;
    firstName?: string;
    /** An active plan from now (subscribeTechnician); without one, dispatch never matches them. */
    plan?: PlanName;
    /**
     * A connected payment account at the app's card provider (customers' cards are charged on
     * it); true unless a test needs a technician who has not connected one.
     */
    paymentAccount?: boolean;
    /**
     * A verified license and insurance on file (certified: listed as such, and dispatch reaches
     * them); true unless a test needs a technician whose credentials are not verified.
     */
    credentials?: boolean;
  } = {},
) {
  const user = await createUser(app, {
    role: 'technician',
    status: opts.status ?? 'approved',
    firstName: opts.firstName,
  });
  const loc = opts.location ?? LOCATIONS[0];
  const [tech] = await app.db
    .insert(technicians)
    .values({
      userId: user.id,
      location: loc.name,
      zipCode: loc.zip,
      latitude: opts.latitude ?? loc.latitude,
      longitude: opts.longitude ?? loc.longitude,
      serviceRadiusMiles: opts.serviceRadiusMiles ?? 25,
      hourlyRateCents: opts.hourlyRateCents ?? 8500,
      yearsExperience: 5,
      specialties: opts.specialties ?? ['Brake Service', 'Oil Change'],
      certifications: ['ASE Master Technician'],
      isAvailable: opts.isAvailable ?? true,
    })
    .returning();
  if (opts.plan) await subscribeTechnician(app, tech!.id, opts.plan);
  if (opts.paymentAccount !== false) await connectPaymentAccount(app, tech!.id);
  if (opts.credentials !== false) await certifyTechnician(app, tech!.id);
  return { user, technician: tech! };
}

/**
 * A verified license and insurance (no expiration date), checked by an admin in a registry:
 * what makes a technician certified (ADR 033).
 */
export async function certifyTechnician(app: FastifyInstance, technicianId: number) {
  const checked = {
    verificationStatus: 'verified' as const,
    verifiedAt: new Date(),
    verifiedBy: 'Test Admin',
    checkedRegistry: 'Test registry',
  };
  await app.db.insert(verifications).values([
    {
      technicianId,
      verificationType: 'license',
      credentialName: 'Maryland Automotive Technician License',
      issuingOrganization: 'Maryland MVA',
      checkedReference: `MD-${technicianId}`,
      ...checked,
    },
    {
      technicianId,
      verificationType: 'insurance',
      credentialName: 'General Liability Insurance',
      issuingOrganization: 'Acme Insurance',
      checkedReference: `GL-${technicianId}`,
      ...checked,
    },
  ]);
}

/** Signs in through the API; returns the Cookie header value for later requests. */
export async function signIn(app: FastifyInstance, username: string, password = TEST_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'wrenchly_session');
  return `wrenchly_session=${cookie!.value}`;
}

const PLAN_ROWS = {
  Basic: { priceCents: 299, rank: 1 },
  Premium: { priceCents: 499, rank: 2 },
  Professional: { priceCents: 699, rank: 3 },
} as const;

export type PlanName = keyof typeof PLAN_ROWS;

/** Puts the technician on an active monthly plan (creating the plan row when missing). */
export async function subscribeTechnician(
  app: FastifyInstance,
  technicianId: number,
  planName: PlanName,
) {
  await app.db
    .insert(plans)
    .values({ name: planName, description: `${planName} plan`, ...PLAN_ROWS[planName] })
    .onConflictDoNothing();
  const [plan] = await app.db.select().from(plans).where(eq(plans.name, planName));
  const start = app.clock();
  const [sub] = await app.db
    .insert(subscriptions)
    .values({
      technicianId,
      planId: plan!.id,
      status: 'active',
      provider: 'sandbox',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * 86_400_000),
    })
    .returning();
  return sub!;
}

/** An approved technician on `planName` (none: Free), signed in. */
export async function signedInTechnician(app: FastifyInstance, planName?: PlanName) {
  const { user, technician } = await createTechnician(app);
  if (planName) await subscribeTechnician(app, technician.id, planName);
  return {
    cookie: await signIn(app, user.username!),
    technicianId: technician.id,
    userId: user.id,
  };
}

/**
 * Connects the technician's own account at the app's card provider, as the connect flow would
 * leave it: for Square, with the platform's stand-in token and location unless a test gives the
 * seller's own.
 */
export async function connectPaymentAccount(
  app: FastifyInstance,
  technicianId: number,
  account: { merchantId?: string; accessToken?: string; locationId?: string } = {},
) {
  const provider = app.payments.card?.name ?? 'sandbox';
  const cipher = createTokenCipher(app.config.accounts.tokenKey);
  const accessToken =
    account.accessToken ?? (provider === 'square' ? app.config.square.accessToken : undefined);
  await app.db
    .insert(paymentConnections)
    .values({
      technicianId,
      provider,
      merchantId: account.merchantId ?? `test_merchant_${technicianId}`,
      locationId:
        account.locationId ??
        (provider === 'square' ? app.config.square.locationId : 'SBX-LOC-MAIN'),
      accessTokenEnc: accessToken ? cipher.encrypt(accessToken) : null,
      connectedAt: new Date(),
    })
    .onConflictDoNothing();
}
