import {
  errorId,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type IconButtonProps,
} from '@rjsf/utils';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon, XIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { ErrorLines, RequiredMark, useShownErrors } from './field-parts';

export function ArrayFieldTemplate({
  title,
  items,
  canAdd,
  onAddClick,
  fieldPathId,
  required,
  schema,
  disabled,
  readonly,
  rawErrors,
  uiSchema,
}: ArrayFieldTemplateProps) {
  const id = fieldPathId.$id;
  const errors = useShownErrors(id, rawErrors);
  const heading = (uiSchema?.['ui:title'] as string | undefined) ?? title;
  return (
    <fieldset
      id={id}
      className={cn(
        'space-y-3 rounded-lg border p-4',
        errors.length ? 'border-red-400 dark:border-red-500/60' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {heading}
        {required && <RequiredMark />}
      </legend>
      {schema.description && <p className="-mt-1 text-xs text-zinc-500 dark:text-zinc-400">{schema.description}</p>}
      {items.length === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">No items yet.</p>}
      <div className="space-y-3">{items}</div>
      {errors.length > 0 && <ErrorLines id={errorId(id)} errors={errors} />}
      {canAdd && (
        <button
          type="button"
          onClick={onAddClick}
          disabled={disabled || readonly}
          className={buttonClasses('secondary', 'sm')}
        >
          <PlusIcon /> Add {heading ? `to ${heading.toLowerCase()}` : 'item'}
        </button>
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index }: ArrayFieldItemTemplateProps) {
  return (
    <div className="flex items-start gap-2" role="group" aria-label={`Item ${index + 1}`}>
      <div className="min-w-0 flex-1">{children}</div>
      {hasToolbar && <ArrayItemButtons {...buttonsProps} />}
    </div>
  );
}

export function ArrayItemButtons({
  hasRemove,
  onRemoveItem,
  hasMoveUp,
  hasMoveDown,
  onMoveUpItem,
  onMoveDownItem,
  index,
  disabled,
  readonly,
}: ArrayFieldItemButtonsTemplateProps) {
  const iconButton =
    'inline-flex size-9 items-center justify-center rounded-md border border-zinc-300 text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900 disabled:opacity-40 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800';
  const off = disabled || readonly;
  const moves = [
    { way: 'up', arrow: '↑', can: hasMoveUp, onClick: onMoveUpItem },
    { way: 'down', arrow: '↓', can: hasMoveDown, onClick: onMoveDownItem },
  ];
  return (
    <div className="flex shrink-0 gap-1">
      {(hasMoveUp || hasMoveDown) &&
        moves.map(({ way, arrow, can, onClick }) => (
          <button
            key={way}
            type="button"
            className={iconButton}
            onClick={onClick}
            disabled={off || !can}
            aria-label={`Move item ${index + 1} ${way}`}
          >
            <span aria-hidden="true">{arrow}</span>
          </button>
        ))}
      {hasRemove && (
        <button
          type="button"
          className={iconButton}
          onClick={onRemoveItem}
          disabled={off}
          aria-label={`Remove item ${index + 1}`}
        >
          <XIcon />
        </button>
      )}
    </div>
  );
}

export function AddButton({ onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={buttonClasses('secondary', 'sm')}>
      <PlusIcon /> Add
    </button>
  );
}

export function RemoveButton({ onClick, disabled }: IconButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={buttonClasses('ghost', 'sm')}
      aria-label="Remove"
    >
      <XIcon />
    </button>
  );
}
