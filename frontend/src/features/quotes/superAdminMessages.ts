import { defineMessages } from '../../lib/i18n/catalog';

// The quote draft of a super admin who is not masquerading (shell §2 lets role 4 open it; shell §4 turns quotes off
// until they act for a company).
export const superAdminQuoteMessages = defineMessages({
  en: {
    'superAdminDraft.body': "Quotes are built for a company. Masquerade as a company from the dashboard to build or submit a quote in its name.",
    'superAdminDraft.dashboard': "Go to the dashboard",
  },
  zh: {
    'superAdminDraft.body': "报价是为公司创建的。请在仪表板中以某个公司的身份操作，以该公司的名义创建或提交报价。",
    'superAdminDraft.dashboard': "前往仪表板",
  },
  fr: {
    'superAdminDraft.body': "Les devis sont établis pour une entreprise. Agissez au nom d’une entreprise depuis le tableau de bord pour créer ou envoyer un devis en son nom.",
    'superAdminDraft.dashboard': "Aller au tableau de bord",
  },
  nl: {
    'superAdminDraft.body': "Offertes worden voor een bedrijf gemaakt. Treed vanaf het dashboard op als een bedrijf om namens dat bedrijf een offerte te maken of te versturen.",
    'superAdminDraft.dashboard': "Naar het dashboard",
  },
  de: {
    'superAdminDraft.body': "Angebote werden für ein Unternehmen erstellt. Treten Sie über das Dashboard als ein Unternehmen auf, um in dessen Namen ein Angebot zu erstellen oder einzureichen.",
    'superAdminDraft.dashboard': "Zum Dashboard",
  },
  it: {
    'superAdminDraft.body': "I preventivi si creano per un’azienda. Agisci come un’azienda dalla dashboard per creare o inviare un preventivo a suo nome.",
    'superAdminDraft.dashboard': "Vai alla dashboard",
  },
  es: {
    'superAdminDraft.body': "Los presupuestos se crean para una empresa. Actúe como una empresa desde el panel para crear o enviar un presupuesto en su nombre.",
    'superAdminDraft.dashboard': "Ir al panel",
  },
});
