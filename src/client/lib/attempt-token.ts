import { useState } from 'react';

/**
 * The card token of one payment attempt. The server binds an idempotency key to the request it
 * first came with, the card's token included: a retry under the same key (a lost answer, a
 * double click) must send the same token, or it is refused as another request (409). So the
 * card is tokenized once per attempt, and again only under a new key (after a definitive
 * answer, or once what is paid changed). A retry after a lost answer thus never becomes a
 * second payment, even if the card fields were edited meanwhile.
 */
export function createAttemptToken() {
  let held: { key: string; token: Promise<string> } | null = null;
  return (key: string, tokenize: () => Promise<string>): Promise<string> => {
    if (held?.key === key) return held.token;
    const token = tokenize();
    const mine = { key, token };
    held = mine;
    // A card the form could not tokenize is not kept: the next try tokenizes again.
    token.catch(() => {
      if (held === mine) held = null;
    });
    return token;
  };
}

/** `createAttemptToken` kept for the life of the component. */
export function useAttemptToken() {
  const [tokenFor] = useState(createAttemptToken);
  return tokenFor;
}
