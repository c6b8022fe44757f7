import type { ButtonHTMLAttributes, JSX } from 'react';

export type ActionVariant = 'primary' | 'secondary' | 'ghost';

const BASE =
  'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ActionVariant, string> = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400',
  secondary:
    'border border-neutral-300 bg-white text-neutral-800 shadow-sm hover:bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:hover:bg-neutral-800',
  ghost: 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
};

/** Button look, shared by <button>s and download <a>s so both read as actions. */
export function actionClasses(variant: ActionVariant = 'secondary', extra = ''): string {
  return `${BASE} ${VARIANTS[variant]} ${extra}`;
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ActionVariant };

export function ActionButton({ variant = 'secondary', className = '', type = 'button', ...props }: Props): JSX.Element {
  return <button type={type} className={actionClasses(variant, className)} {...props} />;
}
