import { defineMessages } from './i18n/catalog';

// Texts shared by every domain (failures that are not any one feature's).
export const commonMessages = defineMessages({
  en: {
    'error.network': 'We couldn’t reach the server. Check your connection and try again.',
    'error.unknown': 'Something went wrong. Please try again.',
  },
  zh: {
    'error.network': '无法连接服务器。请检查网络连接后重试。',
    'error.unknown': '出现问题，请重试。',
  },
  fr: {
    'error.network': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    'error.unknown': 'Une erreur est survenue. Veuillez réessayer.',
  },
  nl: {
    'error.network': 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.',
    'error.unknown': 'Er is iets misgegaan. Probeer het opnieuw.',
  },
  de: {
    'error.network': 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'error.unknown': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
  it: {
    'error.network': 'Impossibile raggiungere il server. Controlla la connessione e riprova.',
    'error.unknown': 'Si è verificato un errore. Riprova.',
  },
  es: {
    'error.network': 'No se ha podido conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
    'error.unknown': 'Se ha producido un error. Inténtalo de nuevo.',
  },
});
