import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@web/test/render-with-providers';
import { LiveBadge } from './live-badge';

afterEach(() => onlineManager.setOnline(true));

describe('LiveBadge', () => {
  it('says Live while connected, and Offline without a connection rather than a live dot over kept numbers', () => {
    renderWithProviders(<LiveBadge isLoading={false} />);
    expect(screen.getByText('Live')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(screen.getByText('Live')).toBeInTheDocument();
  });
});
