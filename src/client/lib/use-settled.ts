import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `ms`: what is looked up as a person types (a place
 * of work) is asked for when they pause, not at every keystroke.
 */
export function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
