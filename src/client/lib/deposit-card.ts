import { useRef, useState } from 'react';
import { usePaymentsConfig } from './api/get-payments-config';
import { useAttemptToken } from './attempt-token';
import { tokenizeSandboxCard } from './api/tokenize-sandbox-card';
import { useSquareCard } from './square-card';

/** What the sandbox card fields hold. */
export type DepositCardDetails = { number: string; expiry: string; cvv: string };

const EMPTY: DepositCardDetails = { number: '', expiry: '', cvv: '' };
export const CARD_FIELDS_REQUIRED = 'Please fill in all required fields.';

/**
 * The card that pays a quote's deposit when the customer signs (ADR 017), on the point of sale
 * and on the request page: the sandbox card fields or the provider's hosted form, a token, and
 * one idempotency key per attempt (kept by retries and double clicks, renewed after a
 * definitive answer) with the token made for it (a retry sends the same request).
 */
export function useDepositCard(
  containerId: string,
  enabled: boolean,
  /** The technician the deposit is paid to (their account's card form). */
  technicianId: number | null,
) {
  const config = usePaymentsConfig(technicianId).data;
  const squareConfig = enabled && config?.card?.provider === 'square' ? config.card : null;
  const square = useSquareCard(squareConfig, containerId);
  const [card, setCard] = useState<DepositCardDetails>(EMPTY);
  const attemptKey = useRef(crypto.randomUUID());
  const tokenFor = useAttemptToken();

  /** The deposit part of the approval body; throws a message when the card is incomplete. */
  const payment = async () => {
    if (!squareConfig && (!card.number.trim() || !card.expiry.trim() || !card.cvv.trim()))
      throw new Error(CARD_FIELDS_REQUIRED);
    const key = attemptKey.current;
    const sourceId = await tokenFor(key, () =>
      squareConfig ? square.tokenize() : tokenizeSandboxCard(card),
    );
    return { sourceId, idempotencyKey: key };
  };

  return {
    config,
    squareConfig,
    card,
    setCard,
    /** No card provider, or its form is not ready. */
    unavailable: !!config && (!config.card || (squareConfig !== null && square.state !== 'ready')),
    payment,
    newAttempt: () => {
      attemptKey.current = crypto.randomUUID();
    },
  };
}
export type DepositCard = ReturnType<typeof useDepositCard>;
