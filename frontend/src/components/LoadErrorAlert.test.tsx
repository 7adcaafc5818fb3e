import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { LoadErrorAlert } from './LoadErrorAlert';

describe('LoadErrorAlert', () => {
  it('is an error alert with the message and a retry button that loads again', async () => {
    const onRetry = vi.fn();
    render(<LoadErrorAlert message="We couldn’t load the flasks." retryLabel="Try again" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(alert).toHaveTextContent('We couldn’t load the flasks.');

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith();
  });
});
