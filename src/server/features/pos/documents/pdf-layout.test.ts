import { describe, expect, it } from 'vitest';
import { DocumentLayout, type DocumentIssuer } from './pdf-layout';

const issuer: DocumentIssuer = {
  technicianName: 'Alex Tech',
  technicianPhone: null,
  branding: null,
  logo: null,
};

describe('the document layout', () => {
  it('wraps text into lines no wider than asked, cutting words wider than a line', async () => {
    const layout = await DocumentLayout.start(issuer, {
      title: 'Quote',
      number: 'Q-1',
      facts: [],
      issuedAt: new Date(0),
    });
    expect(layout.wrap('brake pads and rotors', 60)).toEqual(['brake pads', 'and rotors']);
    expect(layout.wrap('a'.repeat(40), 50).join('')).toBe('a'.repeat(40));
    // A column narrower than one letter still ends, a letter a line.
    expect(layout.wrap('WW', 2)).toEqual(['W', 'W']);
  });
});
