import { setAutoFreeze } from 'immer';

// Recharts keeps the chart's elements in its Redux store, and Immer (under Redux Toolkit)
// freezes what is stored. Preact writes into its elements as it renders them (React copies
// them), so frozen elements throw "Cannot assign to read only property" (ADR 023). Only the
// charts use Immer; the store is still updated immutably, just not frozen.
setAutoFreeze(false);
