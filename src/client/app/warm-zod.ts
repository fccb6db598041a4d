// Zod, imported ahead of the shared schemas that use it (main.tsx): the browser evaluates the
// library in a task of its own, then the schemas in another. One function the schemas use is
// named, not the `z` namespace: exporting that would keep all of Zod (its locales, JSON Schema)
// in the build.
export { object } from 'zod';
