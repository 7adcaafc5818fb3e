import { OrdersList } from '../components/OrdersList';

/** `/orders` (shell §2 "My orders", issue 17): the orders the caller placed. */
export function OrdersPage() {
  return <OrdersList scope="MINE" />;
}
