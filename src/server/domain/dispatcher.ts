/**
 * Dispatch of service requests to technicians. Service requests call `dispatch` from one
 * place; the dispatch feature provides the implementation
 * (src/server/features/dispatch).
 */
export type Dispatcher = {
  /** Notifies the first round of technicians; returns how many were notified. */
  dispatch(serviceRequestId: number): Promise<number>;
};
