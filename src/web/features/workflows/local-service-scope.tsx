import { useCapabilities } from '@/server-state/server';
import { Notice } from '@/components/ui/notice';

/**
 * What the local service's rule-based planner can and cannot make, said before a prompt is written.
 * Shown only where the server marks local extensions: what another v1 server does is its own.
 */
export function LocalServiceScope() {
  const { localExtensions } = useCapabilities();
  if (!localExtensions) return null;
  return (
    <Notice tone="info" title="What this service can do">
      <p>
        It plans by rules, not with an AI model. From the inputs you name, it fills in drafts (an email with a subject
        line, a message, a reminder, a job posting), checklists, reports and tables, and sums up text you give it.
      </p>
      <p className="mt-1">
        It does not browse the web or look things up elsewhere, so it cannot summarise a company from its website or
        find an order&apos;s status. If you ask for that, the workflow says so before its first run.
      </p>
    </Notice>
  );
}
