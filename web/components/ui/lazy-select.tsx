import { ChevronDownIcon } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { cn } from '@web/lib/cn';
import { importOrReload } from '@web/lib/lazy-import';
import { useOpenOnIntent } from '@web/lib/use-open-on-intent';
import { SELECT_TRIGGER_CLASS } from './select-styles';

export type LazySelectProps<V extends string> = {
  value: V;
  onValueChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  className?: string;
  'aria-labelledby'?: string;
  'aria-label'?: string;
  /** A line that says more about the choice (a hint, an error). */
  'aria-describedby'?: string;
};

// Radix's select (with its positioning and scroll locking, about 15 KB gzipped) loads when the
// select is first opened: a screen that shows one need not carry it in its first load.
const loadSelect = () => importOrReload(() => import('./options-select'));
const OptionsSelect = lazy(() => loadSelect().then((module) => ({ default: module.OptionsSelect })));

/**
 * A select of plain options for a screen's first load (the dashboard's sort): until it is first
 * opened it is a look-alike of the Radix trigger (the same classes and role, the chosen option's
 * label), then the Radix select, open. See useOpenOnIntent.
 */
export function LazySelect<V extends string>(props: LazySelectProps<V>) {
  const { value, options, className, 'aria-labelledby': labelledBy, 'aria-label': label, 'aria-describedby': describedBy } = props;
  const { opened, triggerProps } = useOpenOnIntent(loadSelect);
  const listId = useId(); // as Radix's trigger: it names the list it opens (not in the page while closed)
  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-controls={listId}
      aria-expanded={false}
      aria-autocomplete="none"
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      className={cn(SELECT_TRIGGER_CLASS, className)}
      {...triggerProps}
    >
      <span className="pointer-events-none">{options.find((option) => option.value === value)?.label}</span>
      <ChevronDownIcon className="opacity-60" aria-hidden />
    </button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <OptionsSelect {...props} onValueChange={(next) => props.onValueChange(next as V)} defaultOpen />
    </Suspense>
  );
}
