import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@web/components/ui/toaster';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { createQueryClient } from '@web/lib/query-client';
import { useThemeSync } from '@web/lib/theme';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // The colour theme follows the person's choice and the system's while the app runs (decision 056).
  useThemeSync();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
