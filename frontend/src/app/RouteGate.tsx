import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import type { LoginPageState } from '../features/auth/loginNotice';
import { TranslationPage, useMessages, useTranslationStore } from '../lib/i18n/I18nProvider';
import { sessionEndReason } from '../lib/session';
import { useSessionActions } from '../lib/useSessionActions';
import { decideRoute, findRoute, type RedirectNotice } from './access';
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

/** What the gate passes to the page it sends a signed-in user to: why (issue 36: no silent redirect). */
interface RedirectState {
  redirectNotice: Exclude<RedirectNotice, 'signInRequired'>;
}

function redirectNoticeOf(state: unknown): RedirectState['redirectNotice'] | null {
  return (state as Partial<RedirectState> | null | undefined)?.redirectNotice ?? null;
}

/** The gate's redirect with its reason: the sign-in page's own notice, or the state the landing page shows. */
function GateRedirect({ to, notice }: { to: string; notice?: RedirectNotice }) {
  let state: LoginPageState | RedirectState | undefined;
  if (notice === 'signInRequired') state = { notice };
  else if (notice) state = { redirectNotice: notice };
  return <Navigate to={to} replace state={state} />;
}

const NoticeArea = styled('div')(({ theme }) => ({ marginBottom: theme.spacing(2) }));

/** Why the user is on this page instead of the one they opened, until they move on or dismiss it (polite: the page's
 * heading keeps the focus). */
function RedirectNoticeBanner() {
  const location = useLocation();
  const t = useMessages(appMessages);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const notice = redirectNoticeOf(location.state);
  if (!notice || dismissed === location.key) return null;
  return (
    <NoticeArea>
      <Alert severity="info" role="status" closeText={t('page.redirect.dismiss')} onClose={() => setDismissed(location.key)}>
        {t(`page.redirect.${notice}`)}
      </Alert>
    </NoticeArea>
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
  if (decision.kind === 'redirect') return <GateRedirect to={decision.to} notice={decision.notice} />;
  return (
    <TranslationPage page={decision.route.translationPage}>
      <RedirectNoticeBanner />
      <Outlet />
    </TranslationPage>
  );
}
