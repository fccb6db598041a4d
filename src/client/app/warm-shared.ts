// The shared code the public pages run (their schemas, built with Zod as they load, constants,
// money), imported ahead of the screen so that the browser evaluates it in a task of its own
// (main.tsx): the screen's own file then starts in a short one.
export { technicianSchema } from '@shared/schemas/technicians';
