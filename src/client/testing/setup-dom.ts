// Every component test file (happy-dom): what one test rendered is removed before the next
// (Testing Library does this itself only when the test functions are globals), and a stubbed
// fetch is given back.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
