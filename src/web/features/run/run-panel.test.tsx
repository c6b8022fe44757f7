// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { descriptionOf, FakeV1Server, renderWithServer } from '@/testing/render';
import { RunPanel } from './run-panel';

const INPUT_SCHEMA = {
  type: 'object',
  required: ['company', 'employees'],
  properties: {
    company: { type: 'string', title: 'Company name' },
    employees: { type: 'integer', title: 'Employees', minimum: 1 },
    notes: { type: 'string', title: 'Notes' },
  },
};

async function openRunForm(server = new FakeV1Server()) {
  const workflow = server.addWorkflow({ name: 'Lead research', input_schema: INPUT_SCHEMA });
  const rendered = await renderWithServer(<RunPanel workflow={workflow} />, {
    server,
    path: `/workflows/${workflow.id}`,
  });
  // The form loads on first use (RJSF and ajv are their own chunk).
  const company = await screen.findByLabelText(/Company name/, {}, { timeout: 5_000 });
  return { ...rendered, workflow, company, employees: screen.getByLabelText(/Employees/) };
}

const runButton = () => screen.getByRole('button', { name: 'Run workflow' });

describe('RunPanel’s form', () => {
  it('says under each required field that it is missing, focuses the first, and sends nothing', async () => {
    const { user, server, company, employees } = await openRunForm();

    await user.click(runButton());

    await vi.waitFor(() => expect(descriptionOf(company)).toContain('This field is required.'));
    expect(descriptionOf(employees)).toContain('This field is required.');
    expect(descriptionOf(screen.getByLabelText(/Notes/))).toBe('');
    expect(document.activeElement).toBe(company);
    expect(server.seen('POST', /\/executions$/)).toHaveLength(0);
  });

  it('checks a field when the person leaves it, not while they type', async () => {
    const { user, employees } = await openRunForm();

    await user.type(employees, '0');
    expect(descriptionOf(employees)).toBe('');
    await user.tab();

    await vi.waitFor(() => expect(descriptionOf(employees)).toMatch(/1/));
    expect(descriptionOf(screen.getByLabelText(/Company name/))).toBe('');
  });

  it('shows the server’s refusal under the field it names', async () => {
    const server = new FakeV1Server();
    server.answer(
      'POST',
      /\/executions$/,
      () =>
        new Response(JSON.stringify({ error: 'input.company: must be a registered company name' }), { status: 400 }),
    );
    const { user, company, employees, router } = await openRunForm(server);

    await user.type(company, 'Acme');
    await user.type(employees, '12');
    await user.click(runButton());

    expect((await screen.findByRole('alert')).textContent).toBe('The server refused the input; see the fields above.');
    await vi.waitFor(() => expect(descriptionOf(company)).toContain('Must be a registered company name'));
    expect(router.state.location.pathname).not.toMatch(/\/executions\//);
  });

  it('sends the typed input and opens the new run', async () => {
    const { user, server, workflow, company, employees, router } = await openRunForm();

    await user.type(company, 'Acme');
    await user.type(employees, '12');
    await user.click(runButton());

    await vi.waitFor(() => expect(server.seen('POST', /\/executions$/)).toHaveLength(1));
    expect(server.seen('POST', /\/executions$/)[0]!.body).toEqual({ input: { company: 'Acme', employees: 12 } });
    const [run] = server.executions;
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`/workflows/${workflow.id}/executions/${run!.id}`),
    );
  });

  it('offers a time picker for a time of day and sends the time it gives, which the form accepts', async () => {
    const server = new FakeV1Server();
    const workflow = server.addWorkflow({
      name: 'Site visit',
      input_schema: {
        type: 'object',
        required: ['arrival_time'],
        properties: { arrival_time: { type: 'string', format: 'time', title: 'Arrival time' } },
      },
    });
    const { user } = await renderWithServer(<RunPanel workflow={workflow} />, {
      server,
      path: `/workflows/${workflow.id}`,
    });
    const arrival = await screen.findByLabelText(/Arrival time/, {}, { timeout: 5_000 });
    expect(arrival.getAttribute('type')).toBe('time');

    fireEvent.change(arrival, { target: { value: '14:30' } });
    await user.click(runButton());

    await vi.waitFor(() => expect(server.seen('POST', /\/executions$/)).toHaveLength(1));
    expect(server.seen('POST', /\/executions$/)[0]!.body).toEqual({ input: { arrival_time: '14:30:00' } });
    expect(descriptionOf(arrival)).toBe('');
  });
});
