import { useRef, useState } from 'react';
import { useSquareCard } from '../../lib/square-card';
import { usePaymentsConfig } from './api/get-payments-config';
import { tokenizeSandboxCard } from './api/pay-invoice';
import type { CardDetails } from './use-invoice-payment';

const EMPTY: CardDetails = { number: '', expiry: '', cvv: '' };

/**
 * The card that pays a quote's deposit when the customer signs it on the request page
 * (ADR 017): the sandbox fields or the provider's hosted form, and one idempotency key per
 * attempt (renewed after a definitive answer).
 */
export function useDepositCard(containerId: string, enabled: boolean) {
  const config = usePaymentsConfig();
  const squareConfig =
    enabled && config.data?.card?.provider === 'square' ? config.data.card : null;
  const square = useSquareCard(squareConfig, containerId);
  const [card, setCard] = useState<CardDetails>(EMPTY);
  const attemptKey = useRef(crypto.randomUUID());
  return {
    config: config.data,
    squareConfig,
    card,
    setCard,
    unavailable:
      !!config.data && (!config.data.card || (squareConfig !== null && square.state !== 'ready')),
    /** The deposit part of the approval body; throws a message when the card is incomplete. */
    async payment() {
      if (!squareConfig && (!card.number.trim() || !card.expiry.trim() || !card.cvv.trim()))
        throw new Error('Please fill in all required fields.');
      const sourceId = squareConfig ? await square.tokenize() : await tokenizeSandboxCard(card);
      return { sourceId, idempotencyKey: attemptKey.current };
    },
    newAttempt() {
      attemptKey.current = crypto.randomUUID();
    },
  };
}
