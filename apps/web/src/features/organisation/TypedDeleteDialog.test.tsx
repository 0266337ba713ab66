import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { resources } from '../../i18n/i18n.ts';
import { TypedDeleteDialog } from './TypedDeleteDialog.tsx';

const i18nTest = i18n.createInstance();
void i18nTest
  .use(initReactI18next)
  .init({ resources, lng: 'en', interpolation: { escapeValue: false } });

function wrap(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18nTest}>{node}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const refusal = new ApiError(409, 'CONFLICT', "'Camusat Kenya' still holds…", {
  counts: {
    clients: 0,
    mainProjects: 0,
    projects: 2,
    centralOffices: 3,
    clusters: 12,
    elements: 4318,
  },
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('TypedDeleteDialog', () => {
  it('deletes an empty row at the first Delete', async () => {
    const remove = vi.fn().mockResolvedValue({ message: 'deleted' });
    const onClose = vi.fn();
    wrap(
      <TypedDeleteDialog
        target={{ name: 'Empty', title: 'Delete it?', remove }}
        onClose={onClose}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(remove).toHaveBeenCalledWith(undefined);
  });

  it('shows what would go and deletes it all only once the exact name is typed', async () => {
    const remove = vi
      .fn()
      .mockRejectedValueOnce(refusal)
      .mockResolvedValueOnce({ message: 'deleted' });
    const onClose = vi.fn();
    wrap(
      <TypedDeleteDialog
        target={{ name: 'Camusat Kenya', title: 'Delete it?', remove }}
        onClose={onClose}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'Deleting “Camusat Kenya” also deletes 2 projects, 3 central offices, 12 clusters, and 4,318 elements, in one go.',
      ),
    ).toBeTruthy();
    const field = screen.getByLabelText('Type Camusat Kenya to confirm');
    const button = screen.getByRole('button', { name: 'Delete everything' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'camusat kenya' } });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(field, { target: { value: 'Camusat Kenya' } });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(remove).toHaveBeenLastCalledWith('Camusat Kenya');
  });

  it('shows any other failure as it is, without asking for the name', async () => {
    const remove = vi.fn().mockRejectedValue(new ApiError(403, 'FORBIDDEN', 'Admins only.'));
    wrap(
      <TypedDeleteDialog target={{ name: 'X', title: 'Delete it?', remove }} onClose={() => {}} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Admins only.')).toBeTruthy();
    expect(screen.queryByLabelText('Type X to confirm')).toBeNull();
  });
});
