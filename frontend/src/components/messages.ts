import { defineMessages } from '../lib/i18n/catalog';

export const componentMessages = defineMessages({
  en: {
    'toast.default.error': 'error without any info.',
    'toast.default.success': 'success without any info.',
    'toast.default.info': 'info without any info.',
    'toast.default.warning': 'warning without any info.',
    'toast.dismiss': 'Dismiss notification',
  },
  zh: {
    'toast.default.error': '错误：没有任何信息。',
    'toast.default.success': '成功：没有任何信息。',
    'toast.default.info': '提示：没有任何信息。',
    'toast.default.warning': '警告：没有任何信息。',
    'toast.dismiss': '忽略通知',
  },
  fr: {
    'toast.default.error': 'erreur sans aucune information.',
    'toast.default.success': 'succès sans aucune information.',
    'toast.default.info': 'information sans aucun détail.',
    'toast.default.warning': 'avertissement sans aucune information.',
    'toast.dismiss': 'Ignorer la notification',
  },
  nl: {
    'toast.default.error': 'fout zonder verdere informatie.',
    'toast.default.success': 'gelukt zonder verdere informatie.',
    'toast.default.info': 'melding zonder verdere informatie.',
    'toast.default.warning': 'waarschuwing zonder verdere informatie.',
    'toast.dismiss': 'Melding negeren',
  },
  de: {
    'toast.default.error': 'Fehler ohne weitere Informationen.',
    'toast.default.success': 'Erfolg ohne weitere Informationen.',
    'toast.default.info': 'Hinweis ohne weitere Informationen.',
    'toast.default.warning': 'Warnung ohne weitere Informationen.',
    'toast.dismiss': 'Benachrichtigung ausblenden',
  },
  it: {
    'toast.default.error': 'errore senza alcuna informazione.',
    'toast.default.success': 'operazione riuscita senza alcuna informazione.',
    'toast.default.info': 'avviso senza alcuna informazione.',
    'toast.default.warning': 'attenzione senza alcuna informazione.',
    'toast.dismiss': 'Ignora notifica',
  },
  es: {
    'toast.default.error': 'error sin información.',
    'toast.default.success': 'éxito sin información.',
    'toast.default.info': 'aviso sin información.',
    'toast.default.warning': 'advertencia sin información.',
    'toast.dismiss': 'Descartar notificación',
  },
});
