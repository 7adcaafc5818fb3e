import Alert from '@mui/material/Alert';
import { styled } from '@mui/material/styles';
import { useSyncExternalStore } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { componentMessages } from '../messages';
import { dismissToast, getToasts, subscribeToasts } from './toastStore';

const Stack = styled('div')(({ theme }) => ({
  position: 'fixed',
  top: theme.spacing(2),
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: theme.zIndex.snackbar,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  width: 'min(560px, calc(100vw - 32px))',
}));

/** Renders the toasts of the toast store, newest last. */
export function ToastViewport() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const t = useMessages(componentMessages);
  if (toasts.length === 0) return null;
  return (
    <Stack>
      {toasts.map((item) => (
        <Alert
          key={item.id}
          severity={item.type}
          variant="filled"
          // Not "Close": the portal's own Close button must stay the only one with that name.
          closeText={t('toast.dismiss')}
          onClose={() => dismissToast(item.id)}
        >
          {item.message ?? t(`toast.default.${item.type}`)}
        </Alert>
      ))}
    </Stack>
  );
}
