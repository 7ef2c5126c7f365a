import { screen } from '@testing-library/react';

/** Page texts by section: heading of a section (its region's name) -> texts it must hold. */
export type SectionFacts = Record<string, string[]>;

export function expectSections(facts: SectionFacts): void {
  for (const [name, texts] of Object.entries(facts)) {
    const region = screen.getByRole('region', { name });
    for (const text of texts) expect(region).toHaveTextContent(text);
  }
}
