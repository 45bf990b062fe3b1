import { CUSTOMER_NAME_MAX, CUSTOMER_SUGGEST_MIN_CHARS } from '@core/contracts/constants';
import { Building2Icon, CheckIcon, LoaderCircleIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { useCustomerSuggestions } from '../api/suggest-customers';

/** The list stays 200 ms after the field loses focus, so a click on a suggestion lands. */
export const SUGGESTIONS_CLOSE_DELAY_MS = 200;
/** Typing pauses this long before asking the server, so a fast typist sends one request, not six. */
const TYPING_DEBOUNCE_MS = 150;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * Optional customer with autocomplete: suggestions from 2 typed characters, at most 5
 * (case-insensitive, from the server). Free text is fine: an unknown name becomes a new customer.
 * A WAI-ARIA combobox: arrows move through the list, Enter picks, Escape closes it.
 */
export function CustomerCombobox({
  value,
  onChange,
  focusOnMount,
}: {
  value: string;
  onChange: (value: string) => void;
  focusOnMount?: boolean;
}) {
  const { t } = useTranslation('activity');
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const term = useDebounced(value, TYPING_DEBOUNCE_MS);
  const suggestions = useCustomerSuggestions(term);

  const isLongEnough = value.trim().length >= CUSTOMER_SUGGEST_MIN_CHARS;
  const options = isLongEnough ? (suggestions.data?.suggestions ?? []) : [];
  const isExpanded = isOpen && options.length > 0;
  const exactMatch = options.find((o) => o.name.toLowerCase() === value.trim().toLowerCase());
  const isSettled = isLongEnough && suggestions.isSuccess && !suggestions.isPlaceholderData && term.trim() === value.trim();
  const isNewCustomer = isSettled && !exactMatch;
  // An archived customer's exact name (decision 086): the log links to it, so the rep is told it is archived.
  const archivedMatch = isSettled && exactMatch?.archived ? exactMatch : undefined;
  // The field takes no more than the name's limit: a longer name pasted in is cut, and said so.
  const hint =
    value.length >= CUSTOMER_NAME_MAX
      ? t('customer.atLimit', { max: CUSTOMER_NAME_MAX })
      : isNewCustomer
        ? t('customer.newCustomer', { name: value.trim() })
        : archivedMatch
          ? t('customer.archivedCustomer', { name: archivedMatch.name })
          : null;

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const choose = (name: string) => {
    onChange(name);
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIsOpen(true);
      if (options.length) setActiveIndex((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      if (options.length) setActiveIndex((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter' && isExpanded && activeIndex >= 0) {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option.name);
    } else if (event.key === 'Escape' && isExpanded) {
      // The dialog leaves Escape to us while the list is open (see useEscapeGuard).
      setIsOpen(false);
      setActiveIndex(-1);
    }
  };

  const activeOption = isExpanded && activeIndex >= 0 ? options[activeIndex] : undefined;

  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>
        {t('customer.label')} <span className="font-normal text-muted-foreground">{t('customer.optional')}</span>
      </Label>
      <div className="relative">
        <Building2Icon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={inputId}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${activeIndex}` : undefined}
          aria-describedby={hint ? hintId : undefined}
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- step 2 of Log Call replaces the button that had focus
          autoFocus={focusOnMount}
          maxLength={CUSTOMER_NAME_MAX}
          placeholder={t('customer.placeholder')}
          className="h-10 pl-9"
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          // Focus alone does not open the list: a dialog that focuses this field as it opens (an
          // edit with a customer named) would cover its own form with suggestions. Typing or the
          // arrow keys open it.
          onFocus={() => {
            if (closeTimer.current) clearTimeout(closeTimer.current);
          }}
          onBlur={() => {
            closeTimer.current = setTimeout(() => {
              setIsOpen(false);
              setActiveIndex(-1);
            }, SUGGESTIONS_CLOSE_DELAY_MS);
          }}
          onKeyDown={onKeyDown}
        />
        {suggestions.isFetching && isLongEnough && (
          <LoaderCircleIcon
            className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-label={t('customer.searching')}
          />
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={t('customer.suggestions')}
          hidden={!isExpanded}
          className="absolute top-full right-0 left-0 z-50 mt-1 overflow-hidden rounded-lg border bg-popover p-1 shadow-lg"
        >
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              tabIndex={-1}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm',
                index === activeIndex ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
              )}
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActiveIndex(index)}
              onClick={() => choose(option.name)}
              onKeyDown={() => undefined}
            >
              <Building2Icon className="size-4 text-muted-foreground" aria-hidden />
              <span className="flex-1 truncate">{option.name}</span>
              {option.archived && <span className="text-xs text-muted-foreground">{t('customer.archivedBadge')}</span>}
              {option.name.toLowerCase() === value.trim().toLowerCase() && <CheckIcon className="size-4 text-primary" aria-hidden />}
            </li>
          ))}
        </ul>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Dialogs pass this to DialogContent's onEscapeKeyDown: Escape first closes an open suggestion list. */
export function guardEscapeForCombobox(event: globalThis.KeyboardEvent) {
  const active = document.activeElement;
  if (active?.getAttribute('role') === 'combobox' && active.getAttribute('aria-expanded') === 'true') event.preventDefault();
}
