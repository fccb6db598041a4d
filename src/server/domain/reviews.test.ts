import { describe, expect, it } from 'vitest';
import { canonicalMailbox, canReview, reviewEditableUntil } from './reviews';

const DAY = 86_400_000;
const now = new Date('2026-11-23T12:00:00Z');
const done = { status: 'completed' as const, assignedTechnicianId: 7 };

describe('canReview', () => {
  it('lets the customer of a completed job write, then edit for 14 days', () => {
    expect(canReview(done, 'customer', null, now)).toBe(true);
    const fresh = { createdAt: new Date(now.getTime() - 13 * DAY) };
    expect(canReview(done, 'customer', fresh, now)).toBe(true);
    const old = { createdAt: new Date(now.getTime() - 14 * DAY) };
    expect(canReview(done, 'customer', old, now)).toBe(false);
    expect(reviewEditableUntil(old.createdAt)).toEqual(now);
  });

  it('refuses other viewers and jobs not completed by a technician', () => {
    expect(canReview(done, 'technician', null, now)).toBe(false);
    expect(canReview(done, 'admin', null, now)).toBe(false);
    expect(canReview({ ...done, status: 'in_progress' }, 'customer', null, now)).toBe(false);
    expect(canReview({ ...done, assignedTechnicianId: null }, 'customer', null, now)).toBe(false);
  });
});

describe('canonicalMailbox', () => {
  it('reads the spellings of one mailbox as one', () => {
    expect(canonicalMailbox(' Technician+rev@Wrenchly.com ')).toBe('technician@wrenchly.com');
    expect(canonicalMailbox('Sam.The.Mechanic+x@googlemail.com')).toBe('samthemechanic@gmail.com');
    expect(canonicalMailbox('sam.the.mechanic@gmail.com')).toBe('samthemechanic@gmail.com');
    // Dots matter outside Gmail; a bare tag or no address is no mailbox.
    expect(canonicalMailbox('sam.the.mechanic@outlook.com')).toBe('sam.the.mechanic@outlook.com');
    expect(canonicalMailbox('+tag@example.com')).toBe('+tag@example.com');
    expect(canonicalMailbox('not-an-address')).toBeNull();
    expect(canonicalMailbox(null)).toBeNull();
  });
});
