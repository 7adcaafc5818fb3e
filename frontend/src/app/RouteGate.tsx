import CircularProgress from '@mui/material/CircularProgress';
import { styled } from '@mui/material/styles';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { TranslationPage, useMessages, useTranslationStore } from '../lib/i18n/I18nProvider';
import { sessionEndReason } from '../lib/session';
import { useSessionActions } from '../lib/useSessionActions';
import { decideRoute, findRoute } from './access';
import { appMessages } from './messages';
import { useAccessState } from './useAccess';

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(8, 0) }));

export function PageSpinner() {
  const t = useMessages(appMessages);
  return (
    <Centered>
      <CircularProgress aria-label={t('page.loading')} />
    </Centered>
  );
}

/**
 * Every portal page passes here: the route table decides whether it renders, or where the user goes instead
 * (shell §2). It also runs the session check — signed in but no customer: the session is cleared, except on the
 * guest-allowed pages — and loads the page's set of store texts.
 */
export function RouteGate() {
  const { pathname } = useLocation();
  const access = useAccessState();
  const { endSession } = useSessionActions();
  const translations = useTranslationStore();
  const route = findRoute(pathname);
  const clearSession = access.status === 'customerFailed' && !route?.guestAllowed;

  useEffect(() => {
    if (clearSession) endSession('lost');
  }, [clearSession, endSession]);

  useEffect(() => {
    if (route) void translations?.ensure(route.translationPage);
  }, [route, translations]);

  if (access.status === 'loading' || clearSession) return <PageSpinner />;
  const context = access.status === 'ready' ? access.context : access.guest;
  const decision = decideRoute(pathname, context, sessionEndReason());
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <TranslationPage page={decision.route.translationPage}>
      <Outlet />
    </TranslationPage>
  );
}
