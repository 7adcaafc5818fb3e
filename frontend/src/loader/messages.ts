import { defineMessages } from '../lib/i18n/catalog';

// shell §8 pending-account tips.
export const loaderMessages = defineMessages({
  en: {
    'mask.loading': 'Loading',
    'pending.order': 'Your account is pending approval. Ordering will be enabled after account approval',
    'pending.pricing': 'Your account is pending approval. Products, pricing and ordering will be enabled after approval',
  },
  zh: {
    'mask.loading': '加载中',
    'pending.order': '您的账户正在等待审批。账户获批后即可下单',
    'pending.pricing': '您的账户正在等待审批。获批后即可查看产品、价格并下单',
  },
  fr: {
    'mask.loading': 'Chargement',
    'pending.order': 'Votre compte est en attente d’approbation. Les commandes seront possibles après l’approbation du compte',
    'pending.pricing': 'Votre compte est en attente d’approbation. Les produits, les prix et les commandes seront disponibles après l’approbation',
  },
  nl: {
    'mask.loading': 'Laden',
    'pending.order': 'Uw account wacht op goedkeuring. Bestellen is mogelijk na goedkeuring van het account',
    'pending.pricing': 'Uw account wacht op goedkeuring. Producten, prijzen en bestellen zijn beschikbaar na goedkeuring',
  },
  de: {
    'mask.loading': 'Wird geladen',
    'pending.order': 'Ihr Konto wartet auf Freigabe. Bestellungen sind nach der Freigabe des Kontos möglich',
    'pending.pricing': 'Ihr Konto wartet auf Freigabe. Produkte, Preise und Bestellungen sind nach der Freigabe verfügbar',
  },
  it: {
    'mask.loading': 'Caricamento',
    'pending.order': 'Il tuo account è in attesa di approvazione. Gli ordini saranno abilitati dopo l’approvazione dell’account',
    'pending.pricing': 'Il tuo account è in attesa di approvazione. Prodotti, prezzi e ordini saranno abilitati dopo l’approvazione',
  },
  es: {
    'mask.loading': 'Cargando',
    'pending.order': 'Su cuenta está pendiente de aprobación. Los pedidos se habilitarán tras la aprobación de la cuenta',
    'pending.pricing': 'Su cuenta está pendiente de aprobación. Los productos, los precios y los pedidos se habilitarán tras la aprobación',
  },
});
