import { defineMessages } from './i18n/catalog';

// Texts shared by every domain (failures that are not any one feature's).
export const commonMessages = defineMessages({
  en: {
    'error.network': 'We couldn’t reach the server. Check your connection and try again.',
    'error.unknown': 'Something went wrong. Please try again.',
    'validation.password.rule': 'Use at least 7 characters, with at least one letter and one digit, and nothing like your name or email address.',
    'validation.password.mismatch': 'The passwords don’t match.',
    'validation.password.required': 'Enter a new password.',
  },
  zh: {
    'error.network': '无法连接服务器。请检查网络连接后重试。',
    'error.unknown': '出现问题，请重试。',
    'validation.password.rule': '密码至少 7 个字符，且至少包含一个字母和一个数字，不能与您的姓名或电子邮箱相似。',
    'validation.password.mismatch': '两次输入的密码不一致。',
    'validation.password.required': '请输入新密码。',
  },
  fr: {
    'error.network': 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    'error.unknown': 'Une erreur est survenue. Veuillez réessayer.',
    'validation.password.rule': 'Utilisez au moins 7 caractères, dont au moins une lettre et un chiffre, sans ressembler à votre nom ni à votre adresse e-mail.',
    'validation.password.mismatch': 'Les mots de passe ne correspondent pas.',
    'validation.password.required': 'Saisissez un nouveau mot de passe.',
  },
  nl: {
    'error.network': 'De server is niet bereikbaar. Controleer uw verbinding en probeer het opnieuw.',
    'error.unknown': 'Er is iets misgegaan. Probeer het opnieuw.',
    'validation.password.rule': 'Gebruik minstens 7 tekens, met minstens één letter en één cijfer, en niet te veel lijkend op uw naam of e-mailadres.',
    'validation.password.mismatch': 'De wachtwoorden komen niet overeen.',
    'validation.password.required': 'Vul een nieuw wachtwoord in.',
  },
  de: {
    'error.network': 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'error.unknown': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    'validation.password.rule': 'Verwenden Sie mindestens 7 Zeichen, darunter mindestens einen Buchstaben und eine Ziffer, und nichts, was Ihrem Namen oder Ihrer E-Mail-Adresse ähnelt.',
    'validation.password.mismatch': 'Die Passwörter stimmen nicht überein.',
    'validation.password.required': 'Bitte geben Sie ein neues Passwort ein.',
  },
  it: {
    'error.network': 'Impossibile raggiungere il server. Controlla la connessione e riprova.',
    'error.unknown': 'Si è verificato un errore. Riprova.',
    'validation.password.rule': 'Usa almeno 7 caratteri, con almeno una lettera e una cifra, e niente di simile al tuo nome o al tuo indirizzo email.',
    'validation.password.mismatch': 'Le password non coincidono.',
    'validation.password.required': 'Inserisci una nuova password.',
  },
  es: {
    'error.network': 'No se ha podido conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
    'error.unknown': 'Se ha producido un error. Inténtalo de nuevo.',
    'validation.password.rule': 'Usa al menos 7 caracteres, con al menos una letra y un número, y nada parecido a tu nombre o tu correo electrónico.',
    'validation.password.mismatch': 'Las contraseñas no coinciden.',
    'validation.password.required': 'Introduce una contraseña nueva.',
  },
});
