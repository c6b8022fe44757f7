import { Link } from '@tanstack/react-router';
import { buttonClasses } from './ui/button';
import { ArrowLeftIcon, SearchIcon } from './ui/shell-icons';

/** The server's reason as a sentence, unless it is only the generic one. */
const sentence = (message?: string) =>
  message && !/^not found\.?$/i.test(message)
    ? `${message.charAt(0).toUpperCase()}${message.slice(1).replace(/\.?$/, '.')} `
    : '';

export function NotFoundView({ message }: { message?: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <div className="mb-4 rounded-full bg-zinc-100 p-3 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        <SearchIcon className="size-6" />
      </div>
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="mt-1 text-lg font-semibold text-zinc-900 dark:text-zinc-100">We couldn’t find that</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {sentence(message)}It may have been removed, or the link is for another account.
      </p>
      <div className="mt-6">
        <Link to="/workflows" className={buttonClasses('primary')}>
          <ArrowLeftIcon /> Back to workflows
        </Link>
      </div>
    </div>
  );
}
