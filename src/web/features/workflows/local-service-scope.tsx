import { Notice } from '@/components/ui/notice';
import { useCapabilities, useServiceInfo } from '@/server-state/server';

/**
 * What the local service can and cannot make, said before a prompt is written: with its built-in
 * rules, or with the model the server names. Shown only where the server marks local extensions:
 * what another v1 server does is its own.
 */
export function LocalServiceScope() {
  const { localExtensions, serviceInfo } = useCapabilities();
  const service = useServiceInfo();
  if (!localExtensions) return null;
  // The server says how it plans: wait for the answer rather than show the rules' text to a model's users.
  if (serviceInfo && !service) return null;
  const model = service?.planner === 'model' ? (service.model ?? 'a model') : null;
  return (
    <Notice tone="info" title="What this service can do">
      {model ? (
        <p>
          It plans with {model === 'a model' ? 'a model' : `the model ${model}`}, which can also write for each run: an
          email, a reply, a summary, or a label for a text. If the model cannot be reached, the built-in rules plan the
          workflow instead, and the workflow says so.
        </p>
      ) : (
        <p>
          It plans by rules, not with an AI model. From the inputs you name, it fills in drafts (an email with a subject
          line, a message, a reminder, a job posting), checklists, reports and tables, and sums up text you give it.
        </p>
      )}
      <p className="mt-1">
        It does not browse the web or look things up elsewhere, so it cannot summarise a company from its website or
        find an order&apos;s status. If you ask for that, the workflow says so before its first run.
      </p>
    </Notice>
  );
}
