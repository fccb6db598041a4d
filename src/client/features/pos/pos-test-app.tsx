// The point of sale inside a component test: the app's providers with the technician's change
// queue kept in memory (happy-dom has no IndexedDB), over the fake API the test stubs as fetch.
import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { appWrapper } from '../../testing/fake-api';
import { createPosEngine } from './offline/pos-engine';
import { PosSyncProvider, type PosEngineFactory } from './offline/pos-sync';
import { memoryQueueStorage } from './offline/queue-storage';

export const TECHNICIAN = { id: 7, technicianId: 3 };

/**
 * The wrapper, and `queueReady()`: resolves once the queue is in place (the app loads it when a
 * technician signs in, long before a change is made; a test makes one at once).
 */
export function posTestApp() {
  let made: () => void;
  const engineMade = new Promise<void>((resolve) => (made = resolve));
  const createEngine: PosEngineFactory = async (qc, userId, technicianId) => {
    const engine = createPosEngine(qc, userId, technicianId, memoryQueueStorage());
    made();
    return engine;
  };
  const app = appWrapper((children: ReactNode) => (
    <PosSyncProvider user={TECHNICIAN} createEngine={createEngine}>
      {children}
    </PosSyncProvider>
  ));
  const queueReady = () => act(() => engineMade);
  return { ...app, queueReady };
}
