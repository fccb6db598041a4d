import { useRef, useState } from 'react';
import { useSquareCard } from '../../lib/square-card';
import { usePaymentsConfig } from './api/get-payments-config';
import { tokenizeSandboxCard } from './api/tokenize-sandbox-card';
import type { CardDetails } from './use-process-payment';

const EMPTY: CardDetails = { number: '', expiry: '', cvv: '' };
export const CARD_FIELDS_REQUIRED = 'Please fill in all required fields.';

/**
 * The card that pays a quote's deposit when the customer signs (ADR 017): the sandbox card
 * fields or the provider's hosted form, a token, and one idempotency key per attempt (kept by
 * retries and double clicks, renewed after a definitive answer).
 */
export function useDepositCard(containerId: string, enabled: boolean) {
  const config = usePaymentsConfig();
  const squareConfig =
    enabled && config.data?.card?.provider === 'square' ? config.data.card : null;
  const square = useSquareCard(squareConfig, containerId);
  const [card, setCard] = useState<CardDetails>(EMPTY);
  const attemptKey = useRef(crypto.randomUUID());

  /** The deposit part of the approval body; throws a message when the card is incomplete. */
  const payment = async () => {
    if (!squareConfig && (!card.number.trim() || !card.expiry.trim() || !card.cvv.trim()))
      throw new Error(CARD_FIELDS_REQUIRED);
    const sourceId = squareConfig ? await square.tokenize() : await tokenizeSandboxCard(card);
    return { sourceId, idempotencyKey: attemptKey.current };
  };

  return {
    config: config.data,
    squareConfig,
    card,
    setCard,
    /** No card provider, or its form is not ready. */
    unavailable:
      !!config.data && (!config.data.card || (squareConfig !== null && square.state !== 'ready')),
    payment,
    newAttempt: () => {
      attemptKey.current = crypto.randomUUID();
    },
  };
}
export type DepositCard = ReturnType<typeof useDepositCard>;
