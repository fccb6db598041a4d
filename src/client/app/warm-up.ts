// The libraries every screen runs, imported ahead of the app so that the browser evaluates them
// in a task of their own (main.tsx): each step of starting the app stays short.
import { twMerge } from 'tailwind-merge';
import 'react-dom/client';

/** tailwind-merge builds its class map on its first call: done here, not while hydrating. */
export const warmClassMerge = () => void twMerge('p-0 p-1');
