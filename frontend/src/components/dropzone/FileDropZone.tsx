import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { showToast } from '../toast/toastStore';
import { ACCEPT_ATTRIBUTE, DEFAULT_LIMITS, checkDrop, sizeLabel, type DropLimits } from './dropZoneRules';
import { dropZoneMessages } from './messages';

/** business §5: a rejected or accepted drop shows a snackbar for 6 s (shell §9 snackbar auto-hide). */
export const SNACKBAR_MS = 6000;

export interface DroppedFile {
  /** The server's id of the stored file. */
  id: string;
  name: string;
  size: number;
}

export interface FileDropZoneProps {
  label: string;
  value: readonly DroppedFile[];
  onChange(next: DroppedFile[]): void;
  /** Stores a file; rejects with an Error whose message is shown. */
  upload(file: File): Promise<DroppedFile>;
  /** Forgets a stored file on the server; failures are ignored (the file is simply not sent). */
  discard?(file: DroppedFile): Promise<void>;
  limits?: DropLimits;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}

const Zone = styled('div', { shouldForwardProp: (prop) => prop !== 'active' && prop !== 'invalid' })<{ active: boolean; invalid: boolean }>(
  ({ theme, active, invalid }) => ({
    border: `2px dashed ${invalid ? theme.palette.error.main : active ? theme.palette.primary.main : theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    padding: theme.spacing(3),
    textAlign: 'center',
    backgroundColor: active ? theme.palette.action.hover : 'transparent',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: theme.spacing(1),
  }),
);

const FileList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: theme.spacing(1, 0, 0),
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(0.5),
}));

const FileRow = styled('li')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  padding: theme.spacing(0.5, 1),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
}));

const HiddenInput = styled('input')({ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' });

/** The shared file drop zone (business §5): drag and drop or choose files, checked, uploaded and listed. */
export function FileDropZone({ label, value, onChange, upload, discard, limits = DEFAULT_LIMITS, required, error, disabled }: FileDropZoneProps) {
  const t = useMessages(dropZoneMessages);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef(value);
  const [uploading, setUploading] = useState<{ key: number; name: string }[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(1);

  useEffect(() => {
    latest.current = value;
  }, [value]);

  const commit = (next: DroppedFile[]) => {
    latest.current = next;
    onChange(next);
  };

  const addFiles = (files: File[]) => {
    if (disabled || files.length === 0) return;
    const outcome = checkDrop(files, latest.current.length + uploading.length, limits);
    if (outcome.kind === 'tooMany') {
      showToast('error', t('dropzone.tooMany', { n: outcome.maxFiles }), SNACKBAR_MS);
      return;
    }
    for (const { file, wrongType, tooBig } of outcome.rejected) {
      const reasons = [t('dropzone.rejected', { name: file.name })];
      if (wrongType) reasons.push(t('dropzone.rejected.type'));
      if (tooBig) reasons.push(t('dropzone.rejected.size', { size: sizeLabel(limits.maxFileBytes) }));
      showToast('error', reasons.join(' '), SNACKBAR_MS);
    }
    if (outcome.replaces > 0) {
      latest.current.forEach((file) => void discard?.(file).catch(() => undefined));
      commit([]);
    }
    for (const file of outcome.accepted) {
      const key = nextKey.current++;
      setUploading((items) => [...items, { key, name: file.name }]);
      upload(file)
        .then((stored) => {
          commit([...latest.current, stored]);
          showToast('success', t('dropzone.added', { name: stored.name }), SNACKBAR_MS);
        })
        .catch((reason: unknown) => {
          showToast('error', reason instanceof Error && reason.message ? reason.message : t('dropzone.rejected', { name: file.name }), SNACKBAR_MS);
        })
        .finally(() => setUploading((items) => items.filter((item) => item.key !== key)));
    }
  };

  const removeFile = (file: DroppedFile) => {
    commit(latest.current.filter((item) => item.id !== file.id));
    void discard?.(file).catch(() => undefined);
    showToast('info', t('dropzone.removed', { name: file.name }), SNACKBAR_MS);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer?.files ?? []));
  };

  return (
    <div>
      <Typography component="label" htmlFor={inputId} variant="subtitle2">
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Zone
        active={dragging}
        invalid={Boolean(error)}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Typography color="text.secondary">{t('dropzone.prompt')}</Typography>
        <Button variant="outlined" size="small" disabled={disabled} onClick={() => inputRef.current?.click()}>
          {t('dropzone.browse')}
        </Button>
        <HiddenInput
          id={inputId}
          ref={inputRef}
          type="file"
          multiple={limits.maxFiles > 1}
          accept={ACCEPT_ATTRIBUTE}
          aria-label={label}
          tabIndex={-1}
          disabled={disabled}
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <Typography variant="caption" color="text.secondary">
          {t('dropzone.hint', { n: limits.maxFiles, size: sizeLabel(limits.maxFileBytes) })}
        </Typography>
      </Zone>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {(value.length > 0 || uploading.length > 0) && (
        <FileList>
          {value.map((file) => (
            <FileRow key={file.id}>
              <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
                {file.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {sizeLabel(file.size)}
              </Typography>
              <IconButton size="small" aria-label={t('dropzone.remove', { name: file.name })} onClick={() => removeFile(file)} disabled={disabled}>
                ×
              </IconButton>
            </FileRow>
          ))}
          {uploading.map((item) => (
            <FileRow key={`uploading-${item.key}`}>
              <CircularProgress size={16} aria-hidden />
              <Typography sx={{ flex: 1, minWidth: 0 }} noWrap>
                {t('dropzone.uploading', { name: item.name })}
              </Typography>
            </FileRow>
          ))}
        </FileList>
      )}
    </div>
  );
}
