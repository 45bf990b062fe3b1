import type { Customer } from '@core/contracts';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  Building2Icon,
  EllipsisVerticalIcon,
  MergeIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  XIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import { formatCount, formatDate } from '@web/lib/format';
import { useErrorToast } from '@web/lib/use-error-toast';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@web/components/ui/dropdown-menu';
import { LazySelect } from '@web/components/ui/lazy-select';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useChangeCustomer } from '../api/change-customer';
import { type CustomerStatus, useCustomers } from '../api/get-customers';
import { MergeCustomerDialog, RenameCustomerDialog } from './customer-admin-dialogs';
import { CreateCustomerDialog } from './create-customer-dialog';

/** Wait this long after the last keystroke before asking the server (one request per pause, not per letter). */
const SEARCH_DELAY_MS = 250;

/**
 * Customers: search by name, domain or segment; newest first; create (any member). Admins also
 * rename, merge and archive or restore them, and list the archived ones (decision 041).
 */
export function CustomersSettings() {
  const { t, i18n } = useTranslation('settings');
  const { isAdmin } = useAuth();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CustomerStatus>('active');
  const [isCreating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Customer | null>(null);
  const [merging, setMerging] = useState<Customer | null>(null);
  const change = useChangeCustomer();
  const customers = useCustomers(search, status);
  const setArchived = async (customer: Customer, archived: boolean) => {
    try {
      await change.mutateAsync({ id: customer.id, archived });
      toast.success(t(archived ? 'customers.admin.archived' : 'customers.admin.restored'), { description: customer.name });
    } catch (error) {
      toast.error(t('customers.admin.changeError'), { description: error instanceof Error ? error.message : undefined });
    }
  };
  useErrorToast(customers.error, t('toasts.customersLoadError'));

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = customers.data?.customers ?? [];
  const lang = i18n.language;
  const isSearching = search.length > 0;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>{t('customers.title')}</CardTitle>
          <CardDescription>{t('customers.description')}</CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <PlusIcon /> {t('customers.create')}
        </Button>
      </CardHeader>
      <CardContent className="px-0">
        <div className="flex flex-wrap items-center gap-3 px-5 pb-4">
          <div className="relative max-w-md min-w-0 flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('customers.searchPlaceholder')}
              aria-label={t('customers.searchLabel')}
              className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
            />
            {text && (
              <button
                type="button"
                onClick={() => setText('')}
                className="absolute top-1/2 right-2 flex size-6 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={t('customers.clearSearch')}
              >
                <XIcon className="size-4" aria-hidden />
              </button>
            )}
          </div>
          <LazySelect
            value={status}
            onValueChange={setStatus}
            options={[
              { value: 'active', label: t('customers.admin.inUse') },
              { value: 'archived', label: t('customers.admin.archivedFilter') },
            ]}
            aria-label={t('customers.admin.statusLabel')}
            className="w-auto min-w-36"
          />
        </div>
        {customers.isError ? (
          <div className="px-5">
            <LoadError title={t('toasts.customersLoadError')} error={customers.error} onRetry={() => void customers.refetch()} />
          </div>
        ) : customers.isPending ? (
          <div className="space-y-3 px-5" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <div className="px-5">
            {isSearching ? (
              <EmptyState icon={SearchIcon} title={t('customers.noMatchTitle', { search })} description={t('customers.noMatchText')} />
            ) : status === 'archived' ? (
              <EmptyState
                icon={ArchiveIcon}
                title={t('customers.admin.noArchivedTitle')}
                description={t('customers.admin.noArchivedText')}
              />
            ) : (
              <EmptyState
                icon={Building2Icon}
                title={t('customers.emptyTitle')}
                description={t('customers.emptyText')}
                action={
                  <Button variant="outline" onClick={() => setCreating(true)}>
                    <PlusIcon /> {t('customers.create')}
                  </Button>
                }
              />
            )}
          </div>
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {t('customers.resultCount', { count: list.length })}
            </p>
            <Table aria-label={t('customers.title')} className={customers.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="pl-5">{t('customers.name')}</TableHead>
                  <TableHead className="hidden sm:table-cell">{t('customers.domain')}</TableHead>
                  <TableHead className="pr-5 sm:pr-3">{t('customers.segment')}</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">{t('customers.pointValue')}</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">{t('customers.admin.activities')}</TableHead>
                  <TableHead className={cn('hidden md:table-cell', !isAdmin && 'pr-5')}>{t('customers.added')}</TableHead>
                  {isAdmin && (
                    <TableHead className="w-12 pr-5">
                      <span className="sr-only">{t('customers.admin.actionsColumn')}</span>
                    </TableHead>
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((customer) => (
                  <TableRow key={customer.id}>
                    <TableCell className="pl-5">
                      <p className="flex flex-wrap items-center gap-2 font-medium break-words">
                        {customer.name}
                        {customer.archivedAt && <Badge variant="outline">{t('customers.admin.archivedBadge')}</Badge>}
                      </p>
                      {/* Archived, and reps still log with it (decision 086): restore it, or merge it into the right one. */}
                      {customer.archivedAt && customer.activitiesSinceArchived > 0 && (
                        <p className="text-xs text-warning-strong" data-testid="archived-in-use">
                          {t('customers.admin.stillInUse', { count: customer.activitiesSinceArchived })}
                        </p>
                      )}
                      <p className="text-xs break-all text-muted-foreground sm:hidden">
                        {[customer.domain, t('customers.pointsShort', { count: customer.pointValue })].filter(Boolean).join(' · ')}
                      </p>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground sm:table-cell">{customer.domain ?? '—'}</TableCell>
                    <TableCell className="pr-5 sm:pr-3">
                      {customer.segment ? (
                        <Badge variant="secondary">{customer.segment}</Badge>
                      ) : (
                        <span className="text-muted-foreground">—</span>
                      )}
                    </TableCell>
                    <TableCell className="hidden text-right tabular sm:table-cell">{formatCount(customer.pointValue, lang)}</TableCell>
                    <TableCell className="hidden text-right tabular sm:table-cell">{formatCount(customer.activityCount, lang)}</TableCell>
                    <TableCell className={cn('hidden whitespace-nowrap text-muted-foreground md:table-cell', !isAdmin && 'pr-5')}>
                      {formatDate(customer.createdAt, lang)}
                    </TableCell>
                    {isAdmin && (
                      <TableCell className="pr-5 text-right">
                        <DropdownMenu modal={false}>
                          <DropdownMenuTrigger asChild>
                            <Button
                              variant="ghost"
                              size="icon"
                              className="size-8 text-muted-foreground"
                              aria-label={t('customers.admin.actions', { name: customer.name })}
                            >
                              <EllipsisVerticalIcon />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent align="end" className="min-w-44">
                            <DropdownMenuItem onSelect={() => setRenaming(customer)}>
                              <PencilIcon /> {t('customers.admin.rename')}
                            </DropdownMenuItem>
                            <DropdownMenuItem onSelect={() => setMerging(customer)}>
                              <MergeIcon /> {t('customers.admin.merge')}
                            </DropdownMenuItem>
                            {customer.archivedAt ? (
                              <DropdownMenuItem onSelect={() => void setArchived(customer, false)}>
                                <ArchiveRestoreIcon /> {t('customers.admin.restore')}
                              </DropdownMenuItem>
                            ) : (
                              <DropdownMenuItem onSelect={() => void setArchived(customer, true)}>
                                <ArchiveIcon /> {t('customers.admin.archive')}
                              </DropdownMenuItem>
                            )}
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
      <CreateCustomerDialog open={isCreating} onOpenChange={setCreating} />
      <RenameCustomerDialog customer={renaming} onOpenChange={(open) => !open && setRenaming(null)} />
      <MergeCustomerDialog customer={merging} onOpenChange={(open) => !open && setMerging(null)} />
    </Card>
  );
}
