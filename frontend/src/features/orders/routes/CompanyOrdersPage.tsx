import { OrdersList } from '../components/OrdersList';

/** `/company-orders` (shell §2, menu "Lab orders", issue 17): every order of the company (get_orders above 1). */
export function CompanyOrdersPage() {
  return <OrdersList scope="COMPANY" />;
}
