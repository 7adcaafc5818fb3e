import { serverOptionErrors } from './optionRules';

describe('serverOptionErrors', () => {
  it('keys the server’s messages for one line as the option fields do', () => {
    expect(
      serverOptionErrors(
        {
          'lines.0.options.12': 'The max length of Label is 10.',
          'lines.0.options': 'Please fill out product options first.',
          'lines.0.quantity': 'The quantity of each product in Quote is 1-1000000.',
          'lines.0.variantId': 'This combination is not available.',
        },
        'lines.0.',
      ),
    ).toEqual({
      '12': 'The max length of Label is 10.',
      '': 'Please fill out product options first.',
      quantity: 'The quantity of each product in Quote is 1-1000000.',
    });
    expect(serverOptionErrors({ variantId: 'This combination is not available.' })).toEqual({ '': 'This combination is not available.' });
  });
});
