import { defineMessages } from '../lib/i18n/catalog';

export const appMessages = defineMessages({
  en: {
    'layout.label': '{storeName} buyer portal',
    'header.close': 'Close',
  },
  zh: {
    'layout.label': '{storeName} 采购门户',
    'header.close': '关闭',
  },
  fr: {
    'layout.label': 'Portail acheteur {storeName}',
    'header.close': 'Fermer',
  },
  nl: {
    'layout.label': 'Inkoopportaal van {storeName}',
    'header.close': 'Sluiten',
  },
  de: {
    'layout.label': 'Einkaufsportal von {storeName}',
    'header.close': 'Schließen',
  },
  it: {
    'layout.label': 'Portale acquisti di {storeName}',
    'header.close': 'Chiudi',
  },
  es: {
    'layout.label': 'Portal de compras de {storeName}',
    'header.close': 'Cerrar',
  },
});
