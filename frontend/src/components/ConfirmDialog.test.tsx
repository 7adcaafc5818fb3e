import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function renderDialog(overrides: Partial<ConfirmDialogProps> = {}) {
  const handlers = { onConfirm: vi.fn(), onCancel: vi.fn() };
  render(
    <ConfirmDialog
      open
      title="Remove the flask?"
      body="Erlenmeyer leaves the list."
      confirmLabel="Remove"
      cancelLabel="Keep"
      {...handlers}
      {...overrides}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title, with the body and both buttons', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Remove the flask?' });
    expect(dialog).toHaveTextContent('Erlenmeyer leaves the list.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Keep', 'Remove']);
  });

  it('calls onConfirm from the confirm button and onCancel from the cancel button and Escape', async () => {
    const { onConfirm, onCancel, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows a destructive action as a filled button in the error colour', () => {
    renderDialog({ destructive: true });
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
  });

  it('shows an ordinary action as a text button', () => {
    renderDialog();
    const confirm = screen.getByRole('button', { name: 'Remove' });
    expect(confirm).toHaveClass('MuiButton-text', 'MuiButton-colorPrimary');
    expect(confirm).not.toHaveClass('MuiButton-contained');
  });

  it('renders nothing while closed', () => {
    renderDialog({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
