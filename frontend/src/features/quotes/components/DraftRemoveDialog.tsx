import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { quoteMessages } from '../messages';

interface DraftRemoveDialogProps<T> {
  /** The line or file to remove; the dialog is open while there is one. */
  removing: T | null;
  title: string;
  body: string;
  onRemove(item: T): void;
  /** Clears `removing`: after the removal and on cancel. */
  onClose(): void;
}

/** Asks before a line or a file leaves the draft. */
export function DraftRemoveDialog<T>({ removing, title, body, onRemove, onClose }: DraftRemoveDialogProps<T>) {
  const t = useMessages(quoteMessages);
  return (
    <ConfirmDialog
      open={removing !== null}
      title={title}
      body={body}
      confirmLabel={t('quoteDraft.removeConfirm')}
      cancelLabel={t('quoteDraft.cancel')}
      destructive
      onConfirm={() => {
        if (removing !== null) onRemove(removing);
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
