import { macOf, macMatches } from '../../infra/mac';

/** The cookie that holds the registering browser's proof (path /api/auth, HttpOnly, Strict). */
export const REGISTRATION_COOKIE = 'wrenchly_registration';

/**
 * The registering browser's proof for the account it just made: a MAC of the verification
 * token's hash, kept in an HttpOnly cookie, so that opening the e-mailed link in that browser
 * signs the person in, and only there (a link opened elsewhere only confirms the address: an
 * account someone made with another person's address never signs that person into it).
 */
export const registrationProof = (secret: string, tokenHash: string) =>
  macOf(secret, `registration:${tokenHash}`);

export const matchesProof = (secret: string, tokenHash: string, proof: string | undefined) =>
  macMatches(secret, `registration:${tokenHash}`, proof);
