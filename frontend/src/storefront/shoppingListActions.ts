// What a click on "Add to Shopping List" does (issue 18): the portal's /pdp page opens with the product, quantity and
// options of the product form, where the shopper chooses or makes a list (a guest is asked to sign in). Imported by
// ./shoppingListButton on the first click.
import { readProductForm } from './quoteActions';
import { pdpHash } from './shoppingListPdp';

export function openAddToShoppingList(win: Window, form: HTMLFormElement): void {
  const line = readProductForm(form);
  if (!line?.productId) return;
  win.location.hash = pdpHash({ productId: line.productId, quantity: line.quantity, options: line.options ?? [] });
}
