import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { I18nProvider } from '../../lib/i18n/I18nProvider';
import { toast } from './toastStore';
import { ToastViewport } from './ToastViewport';

describe('ToastViewport', () => {
  it('shows the type plus " without any info." when a toast has no message', () => {
    render(<I18nProvider language="en"><ToastViewport /></I18nProvider>);
    act(() => {
      toast.error();
      toast.warning('Check the quantity.');
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'error without any info.',
      'Check the quantity.',
    ]);
  });

  it('dismisses a toast from its button', async () => {
    render(<I18nProvider language="en"><ToastViewport /></I18nProvider>);
    act(() => void toast.success('Saved.'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
