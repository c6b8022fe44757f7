// @vitest-environment happy-dom
import type { PlanningNote } from '@contract/openapi-document';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithServer } from '@/testing/render';
import { PlanningNotes } from './planning-notes';

const notes: PlanningNote[] = [
  { kind: 'planner', text: 'The model did not answer within 30 seconds, so the built-in rules planned this workflow.' },
  { kind: 'schedule', text: "Runs on demand; 'every Monday' is not scheduled by the local service." },
];

describe('PlanningNotes', () => {
  it('says apart from the other notes that the built-in rules planned the workflow, not the model, and why', async () => {
    await renderWithServer(<PlanningNotes notes={notes} />);

    const why = screen.getByRole('group', { name: 'Why the model’s plan was not used' });
    expect(why.textContent).toBe(notes[0]!.text);
    expect(screen.getByText('Planned by the built-in rules, not the model')).toBeTruthy();
    const others = screen.getByRole('list', { name: 'Planning notes' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([notes[1]!.text]);
  });

  it('on a phone, opens from a line that says the model’s plan was not used, and counts only the other notes', async () => {
    const { user } = await renderWithServer(<PlanningNotes notes={notes} collapsed />);

    const line = screen.getByText('Planned by the built-in rules, not the model');
    await user.click(line);
    expect(line.closest('details')?.open).toBe(true);
    expect(screen.getByText(notes[0]!.text)).toBeTruthy();
    expect(screen.getByText('1 planning note: what it does not do')).toBeTruthy();
  });

  it('shows no planner message when the model’s plan was used', async () => {
    await renderWithServer(<PlanningNotes notes={[notes[1]!]} />);

    expect(screen.queryByText(/built-in rules/)).toBeNull();
    expect(screen.getByRole('list', { name: 'Planning notes' })).toBeTruthy();
  });
});
