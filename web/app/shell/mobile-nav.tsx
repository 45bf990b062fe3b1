import { useTranslation } from 'react-i18next';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { SidebarBrand, SidebarNav } from './sidebar';

/** Under 768 px the navigation is a sheet from the left (its own chunk: only phones open it). */
export function MobileNav({
  open,
  onOpenChange,
  isAdmin,
  isCoach,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isAdmin: boolean;
  isCoach?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" className="w-72 max-w-72 border-sidebar-border bg-sidebar p-0 text-sidebar-foreground">
        <SheetTitle className="sr-only">{t('nav.label')}</SheetTitle>
        <SheetDescription className="sr-only">{t('nav.mobileDescription')}</SheetDescription>
        <SidebarBrand collapsed={false} />
        <SidebarNav isPhone collapsed={false} isAdmin={isAdmin} isCoach={isCoach} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
