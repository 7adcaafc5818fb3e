import { MASK_ID, createLoadingMask } from './mask';

describe('loading mask', () => {
  it('takes the language’s label when the texts arrive while it is up', () => {
    let label = 'Loading';
    const mask = createLoadingMask(document, () => label);
    mask.show();
    expect(document.getElementById(MASK_ID)).toHaveAccessibleName('Loading');

    label = 'Wird geladen';
    mask.relabel();

    expect(document.getElementById(MASK_ID)).toHaveAccessibleName('Wird geladen');
    mask.hide();
    mask.relabel(); // nothing to relabel once it is gone
    expect(document.getElementById(MASK_ID)).toBeNull();
  });
});
