import { defineMessages } from '../lib/i18n/catalog';

export const loaderMessages = defineMessages({
  en: { 'mask.loading': 'Loading' },
  zh: { 'mask.loading': '加载中' },
  fr: { 'mask.loading': 'Chargement' },
  nl: { 'mask.loading': 'Laden' },
  de: { 'mask.loading': 'Wird geladen' },
  it: { 'mask.loading': 'Caricamento' },
  es: { 'mask.loading': 'Cargando' },
});
